// Under the header when the phone's storage for this app is 80 % full: say so before a save fails.
import { MessageLine } from '../../components/ui/message-line';
import { useOutboxCounts } from '../../db/hooks';
import { useStorageState } from '../../lib/use-storage-state';
import { useSyncRuntime } from '../../sync/sync-runtime';
import { t } from '../../i18n';

export const STORAGE_WARN_RATIO = 0.8;

export function storageWarning(usage: number | null, quota: number | null): string | null {
  if (usage === null || !quota || usage / quota < STORAGE_WARN_RATIO) return null;
  return t('Storage on this phone is almost full ({percent} %). Sync your work, then free some space on the phone.', {
    percent: Math.floor((usage / quota) * 100),
  });
}

export function StorageWarning() {
  const rt = useSyncRuntime();
  const counts = useOutboxCounts(rt?.db ?? null);
  const { usage, quota } = useStorageState(counts.pending);
  const text = storageWarning(usage, quota);
  return text ? (
    <MessageLine variant="warning" className="storage-warning">
      {text}
    </MessageLine>
  ) : null;
}
