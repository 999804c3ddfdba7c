import { Link } from '@tanstack/react-router';
import { productRoleOf } from '../../../contracts/roles';
import { useApplications, useList, useMeta, useOutboxCounts } from '../../db/hooks';
import { listAction } from '../../workflow/list-actions';
import { useUserDb } from '../../db/user-db-context';
import { formatDateTime } from '../../lib/format';
import { useProfile } from '../../session/profile-store';
import { LAST_PREFETCH_META, LIST_KEYS } from '../../sync/prefetch';
import { lazyComponent } from '../../lib/lazy-component';
import { PersistLine } from './persist-line';
import { t } from '../../i18n';

const HomeNeedsYou = lazyComponent(() => import('./home-needs-you').then((m) => m.HomeNeedsYou));

/** REQ-HOME-1 home dashboard, read from Dexie so it opens offline: count with View, and the officer's links. */
export function HomeScreen() {
  const profile = useProfile();
  const db = useUserDb();
  const serverCount = useList<{ count: number }>(db, LIST_KEYS.appCount)?.value.count;
  const local = useApplications(db);
  const lastSynced = useMeta<number>(db, LAST_PREFETCH_META);
  const count = Math.max(serverCount ?? 0, local.length);
  const known = serverCount !== undefined || local.length > 0;
  const role = productRoleOf(profile.role, profile.mfi_employee?.designation);
  const initiating = role === 'INITIATING_OFFICER';
  const counts = useOutboxCounts(db);
  // REQ-LIST-2: the verification role's visits are the applications its list offers a verification for.
  const visits = role === 'VERIFICATION' ? local.filter((a) => listAction(role, a.data).label.startsWith('Complete')).length : 0;
  return (
    <main className="page dashboard">
      <PersistLine waiting={counts.queued + counts.sending} />
      <section className="count-card" aria-labelledby="count-title">
        <h2 id="count-title">{t('Applications')}</h2>
        <p className="count" aria-live="polite">
          {known ? count : '–'}
        </p>
        <Link to="/applications" className="btn" disabled={count === 0} aria-disabled={count === 0}>
          {t('View')}
        </Link>
        <p className="muted small">
          {lastSynced ? t('Last synced {when}', { when: formatDateTime(lastSynced) }) : t('Not synced on this phone yet')}
        </p>
      </section>
      <HomeNeedsYou
        waiting={counts.queued + counts.sending}
        extra={
          role === 'VERIFICATION' && (
            <li>
              <Link to="/applications">{t('{count, plural, one {# visit pending} other {# visits pending}}', { count: visits })}</Link>
            </li>
          )
        }
      />
      {initiating && (
        <nav className="action-list" aria-label={t('Applications')}>
          <Link to="/application/mobile" className="action">
            {t('Create Application')}
          </Link>
          <Link to="/application/mobile" search={{ status: 'DRAFT' }} className="action">
            {t('Complete Application')}
          </Link>
        </nav>
      )}
    </main>
  );
}
