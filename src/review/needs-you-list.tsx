// The "needs you" items as the officer sees them: whose application, what happened, and the tap that fixes
// it. The home lists all of them; an application's screens show their own (NeedsYouBanner).
import { Link, useRouterState } from '@tanstack/react-router';
import { VERIFY_MSG } from '../../contracts/verification';
import { Button } from '../components/ui/button';
import { MessageLine } from '../components/ui/message-line';
import { useUserDb } from '../db/user-db-context';
import { toast } from '../lib/toast';
import { focusToCorrect } from '../forms/first-error';
import { fixIsHere, fixPath, type NeedsYouItem } from '../workflow/needs-you';
import { continueWithDeviation, useNeedsYou } from './use-needs-you';
import { msg } from '../../contracts/msg';
import { t } from '../i18n';

export const FIX_NOT_OPEN = msg('This step cannot be changed on this screen now.');

function Fix({ item }: { item: NeedsYouItem }) {
  const db = useUserDb();
  const { fix } = item;
  const here = useRouterState({ select: (r) => fixIsHere(fix, r.location.pathname, (r.location.search as { id?: string }).id) });
  return (
    <div className="needs-you__fix">
      {item.kind === 'name-mismatch' && item.deviation && item.appId && (
        <Button
          variant="default"
          onClick={() => {
            if (!db || !item.appId || !item.deviation) return;
            void continueWithDeviation(db, item.appId, item.deviation).then(() =>
              toast.success(t('Deviation requested: the review role decides it')),
            );
          }}
        >
          {t(VERIFY_MSG.continueWithDeviation)}
        </Button>
      )}
      {/* On the fix's own screen a link would go nowhere: the field gets the focus, and a fix with no field needs no tap. */}
      {!here ? (
        <Link to={fixPath(fix)} search={fix.appId ? { id: fix.appId } : undefined} className="btn-link">
          {fix.label}
        </Link>
      ) : fix.field ? (
        <button type="button" className="btn-link" onClick={() => focusToCorrect(fix.field!) || toast.info(t(FIX_NOT_OPEN))}>
          {fix.label}
        </button>
      ) : null}
    </div>
  );
}

export function NeedsYouRows({ items }: { items: readonly NeedsYouItem[] }) {
  return (
    <ul className="needs-you__list">
      {items.map((item) => (
        <li key={item.key} className={`needs-you__item${item.waiting ? ' is-waiting' : ''}`} aria-label={`${item.who}: ${item.what}`}>
          <strong>{item.who}</strong>
          <p className={item.waiting ? 'muted' : 'error'}>{item.what}</p>
          <Fix item={item} />
        </li>
      ))}
    </ul>
  );
}

/** On an application's screens: what the server decided about it that the officer still has to act on. */
export function NeedsYouBanner({ appId }: { appId: string }) {
  const items = useNeedsYou(useUserDb(), appId);
  if (items.length === 0) return null;
  return (
    <section className="needs-you needs-you--banner" aria-label={t('Needs you on this application')}>
      <MessageLine variant={items.some((i) => !i.waiting) ? 'warning' : 'info'}>
        {items.some((i) => !i.waiting) ? t('This application needs you:') : t('Waiting for the review role:')}
      </MessageLine>
      <NeedsYouRows items={items} />
    </section>
  );
}
