// /sync: everything waiting to reach the server, how far each upload got, and what needs the officer.
import { notifyUnauthorized, setToken } from '../../api/credentials';
import { Button } from '../../components/ui/button';
import { MessageLine } from '../../components/ui/message-line';
import { useMeta, useOutboxCounts, useOutboxOps } from '../../db/hooks';
import { LAST_PULLED_AT_META } from '../../db/freshness';
import { formatBytes, formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/use-online';
import { NOT_PERSISTED_TEXT, useStorageState } from '../../lib/use-storage-state';
import { SESSION_ENDED_MESSAGE, useSyncRuntime } from '../../sync/sync-runtime';
import { useSyncStatus } from '../../sync/use-sync-status';
import { OpRow, useNow } from './op-row';
import { needsYouCount } from '../../workflow/needs-you';
import { useNeedsYou } from '../../review/use-needs-you';
import { useWhoByApp } from './who-by-app';
import { t } from '../../i18n';

const OUTBOX_KINDS = new Set(['step-refused', 'unsent-old']);

export function SyncCenterScreen() {
  const rt = useSyncRuntime();
  const db = rt?.db ?? null;
  const counts = useOutboxCounts(db);
  const ops = useOutboxOps(db);
  const status = useSyncStatus(rt?.engine ?? null);
  const lastSyncAt = useMeta<number>(db, 'lastSyncAt');
  const lastPulledAt = useMeta<number>(db, LAST_PULLED_AT_META);
  const online = useOnline();
  const now = useNow(5_000);
  const storage = useStorageState(counts.pending);
  // Parked ops, plus what the server decided that parked nothing (a refused check, a mismatch).
  const attention = counts.needsAttention + needsYouCount(useNeedsYou(db).filter((i) => !OUTBOX_KINDS.has(i.kind)));
  // What the server decided that parked nothing (a refused check, an unverified mobile) is listed on the home, not here.
  const elsewhere = attention - counts.needsAttention;
  const who = useWhoByApp(db);
  const stateText = !online
    ? t('Offline: waiting for a network')
    : status.paused === 'auth'
      ? t('Paused: sign in again to continue')
      : status.running
        ? t('Sending…')
        : counts.pending === 0
          ? attention > 0
            ? t('{count, plural, one {Everything is on the server. # needs you.} other {Everything is on the server. # need you.}}', {
                count: attention,
              })
            : t('Everything is on the server')
          : counts.needsAttention === counts.pending
            ? t('Waiting for you')
            : t('Waiting to send');
  return (
    <main className="page sync-center">
      <h2>{t('Sync')}</h2>
      <p className="sync-state" role="status">
        {stateText}
      </p>
      {status.paused === 'auth' && (
        <div className="stack">
          <MessageLine variant="warning">{t(SESSION_ENDED_MESSAGE)}</MessageLine>
          <Button
            variant="default"
            size="lg"
            onClick={() => {
              setToken(null);
              notifyUnauthorized();
            }}
          >
            {t('Sign in again')}
          </Button>
        </div>
      )}
      <dl className="sync-counts">
        <div>
          <dt>{t('Queued')}</dt>
          <dd data-testid="count-queued">{counts.queued}</dd>
        </div>
        <div>
          <dt>{t('Sending')}</dt>
          <dd data-testid="count-sending">{counts.sending}</dd>
        </div>
        <div className={attention ? 'alert' : undefined}>
          <dt>{t('Needs attention')}</dt>
          <dd data-testid="count-attention">{attention}</dd>
        </div>
      </dl>
      {elsewhere > 0 && (
        <p className="sync-elsewhere">
          {t('{count, plural, one {# item that needs you is not in this list:} other {# items that need you are not in this list:}}', {
            count: elsewhere,
          })}{' '}
          <a href="#/">{t('{count, plural, one {see it on the home} other {see them on the home}}', { count: elsewhere })}</a>
        </p>
      )}
      <p className="muted small">
        {lastSyncAt ? t('Last sync {when}', { when: formatDateTime(lastSyncAt) }) : t('Nothing sent from this phone yet')}
      </p>
      <p className="muted small" data-testid="last-pull">
        {lastPulledAt
          ? t("Last pull of the server's changes {when}", { when: formatDateTime(lastPulledAt) })
          : t("The server's changes not pulled yet")}
      </p>
      <button type="button" className="btn" disabled={!online || !rt || status.running} onClick={() => void rt?.engine.syncNow()}>
        {status.running ? t('Syncing…') : t('Sync now')}
      </button>
      {ops.length > 0 && (
        <ul className="op-list" aria-label={t('Waiting to reach the server')}>
          {ops.map((op) => (
            <OpRow key={op.id} op={op} ops={ops} now={now} who={op.appId ? who.get(op.appId) : undefined} />
          ))}
        </ul>
      )}
      <section className="storage-card" aria-label={t('Storage on this phone')}>
        <h3>{t('Storage on this phone')}</h3>
        <p>
          {storage.usage !== null && storage.quota
            ? t('{used} used of {quota}', { used: formatBytes(storage.usage), quota: formatBytes(storage.quota) })
            : t('Storage use is not reported by this browser')}
        </p>
        {storage.usage !== null && storage.quota ? (
          <progress max={storage.quota} value={storage.usage} aria-label={t('Storage used')} />
        ) : null}
        <p>
          {storage.persisted === true
            ? t('Saved work is protected: the browser will not clear it to free space.')
            : storage.persisted === false
              ? t(NOT_PERSISTED_TEXT)
              : t('This browser does not say whether saved work is protected.')}
        </p>
        {storage.persisted === false && (
          <button type="button" className="btn-link" onClick={() => void storage.requestPersist()}>
            {t('Protect saved work')}
          </button>
        )}
      </section>
    </main>
  );
}
