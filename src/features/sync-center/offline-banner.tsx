// Shown under the header while the phone has no network: work keeps being saved here.
import { useMeta } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/use-online';
import { LAST_PREFETCH_META } from '../../sync/prefetch';
import { productRoleOf } from '../../../contracts/roles';
import { useProfile } from '../../session/profile-store';
import { behindWarning, useBehindHeldCopies } from '../../review/held-copies';
import { t } from '../../i18n';
import { msg } from '../../../contracts/msg';

export const OFFLINE_TEXT = msg('You are offline. Your work is saved on this phone and will be sent when you are back online.');

export function OfflineBanner() {
  const online = useOnline();
  const db = useUserDb();
  const lastSynced = useMeta<number>(db, LAST_PREFETCH_META);
  const profile = useProfile();
  // The visit phone learns it went offline with a copy older than a change it knows of, while still near the branch.
  const visits = productRoleOf(profile.role, profile.mfi_employee?.designation) === 'VERIFICATION';
  const behind = useBehindHeldCopies(visits ? db : null);
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <strong>{t(OFFLINE_TEXT)}</strong>
      {lastSynced ? <span> {t('Data as of {when}.', { when: formatDateTime(lastSynced) })}</span> : null}
      {behind.length > 0 && <p className="offline-banner__behind">{behindWarning(behind)}</p>}
    </div>
  );
}
