// The visitor's application on /apply-loan/mobile once the mobile is verified: the borrower form until it is sent, then
// where it continues; and 'Use another mobile number'. Loaded on demand (apply-loan-screens.tsx): it reads the
// visitor's database, which a first visit does not need before its first screen.
import { Link, useNavigate } from '@tanstack/react-router';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { MessageLine } from '../../components/ui/message-line';
import { useApplication, useOutboxCounts } from '../../db/hooks';
import { clearPersonalData } from '../../db/records';
import { useUserDb } from '../../db/user-db-context';
import { useOnline } from '../../lib/use-online';
import { findApplication, stagesOf } from '../../workflow/find-application';
import type { BorrowerAppData } from '../../forms/borrower-form-values';
import { StepPair } from '../../forms/step-pairs';
import { visitorNextPath } from '../../workflow/public-route';
import { endGuestSession } from './guest-session';
import { SessionAgain } from './session-again';
import { t } from '../../i18n';

/** The staff borrower form, given by the page table (src/app/public-pages.tsx): a feature imports no other feature. */
export type BorrowerFormComponent = ComponentType<{ app: BorrowerAppData }>;

/** The visitor's application: the borrower form until it is sent, then where it continues. */
export function VisitorApplication({ id, BorrowerForm }: { id: string; BorrowerForm: BorrowerFormComponent }) {
  const db = useUserDb();
  const online = useOnline();
  const app = useApplication(db, id);
  const [fetching, setFetching] = useState(false);
  useEffect(() => {
    if (!db || app !== null || !online) return;
    setFetching(true);
    void findApplication(db, { kind: 'id', value: id }, true)
      .catch(() => null)
      .finally(() => setFetching(false));
  }, [db, app, online, id]);

  if (app === undefined || fetching) return <p className="muted">{t('Loading...')}</p>;
  const data = app?.data;
  if (!data)
    return (
      <MessageLine variant="warning">
        {t('Your application is not on this device yet. Connect to the internet, then try again.')}
      </MessageLine>
    );
  const next = visitorNextPath(stagesOf(data));
  return (
    <>
      {data.tracker_id && (
        <p className="muted small">
          {t('External Loan Id:')} <strong>{data.tracker_id}</strong>
        </p>
      )}
      <StepPair pair="borrower" current={0} appId={id} />
      {next ? (
        <div className="stack">
          <MessageLine variant="success">{t('Your details are saved. Continue where you left off.')}</MessageLine>
          <Link to={next} search={{ id }} className="ui-btn ui-btn--default ui-btn--size-lg">
            {t('Continue')}
          </Link>
        </div>
      ) : (
        <BorrowerForm key={id} app={{ ...data, id, phone: data.phone ?? '' }} />
      )}
    </>
  );
}

/**
 * Another mobile on this device: the session ends and the visitor's data goes from this browser (what was sent stays
 * with the lender). Work not yet sent is lost, so the visitor is asked first.
 */
export function StartOver() {
  const db = useUserDb();
  const navigate = useNavigate();
  const { pending } = useOutboxCounts(db);
  const onClick = async () => {
    if (pending > 0 && !window.confirm(unsentWarning(pending))) return;
    if (db) await clearPersonalData(db);
    endGuestSession();
    await navigate({ to: '/apply-loan/mobile', search: {} });
  };
  return (
    <p className="muted small">
      {t('Not your application?')}{' '}
      <Button type="button" variant="link" size="link" onClick={() => void onClick()}>
        {t('Use another mobile number')}
      </Button>
    </p>
  );
}

export const unsentWarning = (n: number) =>
  t(
    '{count, plural, one {# item on this device has not been sent yet and will be lost. Use another mobile number anyway?} other {# items on this device have not been sent yet and will be lost. Use another mobile number anyway?}}',
    { count: n },
  );

/** The guest token is gone but the application may be on this device: then its form stays, under the bar that verifies
 * the mobile again; else `otherwise` (the mobile page). */
export function HeldApplication({
  id,
  BorrowerForm,
  otherwise,
}: {
  id: string;
  BorrowerForm: BorrowerFormComponent;
  otherwise: ReactNode;
}) {
  const held = useApplication(useUserDb(), id);
  if (held === undefined) return <p className="muted">{t('Loading...')}</p>;
  if (!held) return <>{otherwise}</>;
  return (
    <>
      <SessionAgain applicationId={id} />
      <VisitorApplication id={id} BorrowerForm={BorrowerForm} />
      <StartOver />
    </>
  );
}
