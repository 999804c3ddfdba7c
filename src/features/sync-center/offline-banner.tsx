// Shown under the header while the phone has no network: work keeps being saved here.
import { useMeta } from '../../db/hooks';
import { useUserDb } from '../../db/user-db-context';
import { formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/use-online';
import { LAST_PREFETCH_META } from '../../sync/prefetch';

export const OFFLINE_TEXT = 'You are offline. Your work is saved on this phone and will be sent when you are back online.';

export function OfflineBanner() {
  const online = useOnline();
  const db = useUserDb();
  const lastSynced = useMeta<number>(db, LAST_PREFETCH_META);
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <strong>{OFFLINE_TEXT}</strong>
      {lastSynced ? <span> Data as of {formatDateTime(lastSynced)}.</span> : null}
    </div>
  );
}
