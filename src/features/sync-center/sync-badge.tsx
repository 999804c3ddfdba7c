// Header badge: how much is waiting to reach the server, and whether something needs the officer.
import { Link } from '@tanstack/react-router';
import { useOutboxCounts } from '../../db/hooks';
import { useSyncStatus } from '../../sync/use-sync-status';
import { useSyncRuntime } from '../../sync/sync-runtime';
import { t } from '../../i18n';

export function badgeLabel(pending: number, needsAttention: number, running: boolean): string {
  if (needsAttention > 0)
    return t('{count, plural, one {Sync: # needs attention} other {Sync: # need attention}}', { count: needsAttention });
  if (pending > 0)
    return running ? t('Sync: {count} waiting, sending', { count: pending }) : t('Sync: {count} waiting', { count: pending });
  return t('Sync: all sent');
}

export function SyncBadge() {
  const rt = useSyncRuntime();
  const counts = useOutboxCounts(rt?.db ?? null);
  const status = useSyncStatus(rt?.engine ?? null);
  const tone = counts.needsAttention > 0 ? 'alert' : counts.pending > 0 ? 'busy' : 'ok';
  return (
    <Link to="/sync" className={`sync-badge ${tone}`} aria-label={badgeLabel(counts.pending, counts.needsAttention, status.running)}>
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
        className={status.running ? 'spinning' : undefined}
      >
        <path d="M21 12a9 9 0 0 1-15.5 6.2M3 12A9 9 0 0 1 18.5 5.8M18 2v4h-4M6 22v-4h4" />
      </svg>
      {counts.pending > 0 && <span className="count-pill">{counts.pending}</span>}
    </Link>
  );
}
