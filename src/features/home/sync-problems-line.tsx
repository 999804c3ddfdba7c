// A sync that finished with problems says so in one line at the top of the home, with the way to them.
import { MessageLine } from '../../components/ui/message-line';
import { useMeta } from '../../db/hooks';
import { formatDateTime } from '../../lib/format';
import { useSyncRuntime } from '../../sync/sync-runtime';
import { useSyncStatus } from '../../sync/use-sync-status';
import { t } from '../../i18n';

export const syncProblemsText = (count: number, lastSyncAt: number) =>
  t('{count, plural, one {Sync of {when} finished: # item needs you below.} other {Sync of {when} finished: # items need you below.}}', {
    count,
    when: formatDateTime(lastSyncAt),
  });

export function SyncProblemsLine({ count }: { count: number }) {
  const rt = useSyncRuntime();
  const status = useSyncStatus(rt?.engine ?? null);
  const lastSyncAt = useMeta<number>(rt?.db ?? null, 'lastSyncAt');
  if (!lastSyncAt || status.running || count === 0) return null;
  return (
    <MessageLine variant="error" className="sync-problems">
      {syncProblemsText(count, lastSyncAt)}
    </MessageLine>
  );
}
