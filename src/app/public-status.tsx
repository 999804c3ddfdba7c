// Under the public pages' header once the visitor's database is open: the offline banner, and what the visitor's device
// still has to send. Loaded with the visitor's runtime, after the first paint (public-layout.tsx).
import { useOutboxCounts, useOutboxOps } from '../db/hooks';
import { useUserDb } from '../db/user-db-context';
import { useOnline } from '../lib/use-online';
import { useSyncRuntime } from '../sync/sync-runtime';
import { OfflineBanner } from '../features/sync-center/offline-banner';
import { OpRow, useNow } from '../features/sync-center/op-row';
import { t } from '../i18n';

/**
 * What the visitor's device still has to send, said plainly and updated as the queue moves; opened, the same items,
 * upload progress, reasons and Retry / Discard as the staff sync center.
 */
function QueueStatus() {
  const rt = useSyncRuntime();
  const db = useUserDb();
  const counts = useOutboxCounts(db);
  const ops = useOutboxOps(db);
  const online = useOnline();
  const now = useNow(5_000);
  if (counts.pending === 0 && counts.needsAttention === 0) return null;
  const text =
    counts.needsAttention > 0
      ? t(
          '{count, plural, one {# item could not be sent: open the step to correct it.} other {# items could not be sent: open the step to correct it.}}',
          { count: counts.needsAttention },
        )
      : t(
          '{count, plural, one {# item saved on this device, waiting to be sent.} other {# items saved on this device, waiting to be sent.}}',
          { count: counts.pending },
        );
  return (
    <details className={`queue-status ${counts.needsAttention > 0 ? 'alert' : 'busy'}`}>
      <summary>
        <span role="status">{text}</span> <span className="muted small">{t('Show')}</span>
      </summary>
      <ul className="op-list" aria-label={t('Waiting to be sent')}>
        {ops.map((op) => (
          <OpRow key={op.id} op={op} ops={ops} now={now} />
        ))}
      </ul>
      <button type="button" className="btn-link" disabled={!online || !rt} onClick={() => void rt?.engine.syncNow()}>
        {t('Send now')}
      </button>
    </details>
  );
}

export function PublicStatus() {
  return (
    <>
      <OfflineBanner />
      <QueueStatus />
    </>
  );
}
