// One item of the outbox as the officer (or the visitor) sees it: what it is, how far its upload got, and, when the
// server refused it, why, with Retry and Discard. The sync center lists them; the public frame too.
import { useEffect, useState } from 'react';
import type { OutboxOp } from '../../db/types';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { explicitDependantsOf } from '../../sync/dependency';
import { useSyncRuntime } from '../../sync/sync-runtime';
import { DiscardControl } from './discard-control';
import { opProgress, opStatusText, opTitle, parkedReason } from '../../sync/op-text';
import { t } from '../../i18n';

export function useNow(everyMs: number) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/** `who`: whose application the op is for ("PAN card" three times would say nothing). */
export function OpRow({ op, ops, now, who }: { op: OutboxOp; ops: OutboxOp[]; now: number; who?: string }) {
  const rt = useSyncRuntime();
  const progress = opProgress(op);
  const title = who ? `${opTitle(op)} · ${who}` : opTitle(op);
  return (
    <li className={`op op-${op.state}`} aria-label={title}>
      <div className="op-head">
        <strong>{opTitle(op)}</strong>
        <span className="op-state">{opStatusText(op, now)}</span>
      </div>
      {who && <p className="op-who small">{who}</p>}
      {progress !== null && (
        <progress max={1} value={progress} aria-label={t('{item} upload progress', { item: opTitle(op) })}>
          {Math.round(progress * 100)}%
        </progress>
      )}
      {op.state === 'needs-attention' && (
        <>
          <p className="op-reason" role="note">
            {parkedReason(op)}
          </p>
          <div className="op-actions">
            <button type="button" className="btn-link" onClick={() => void rt?.engine.retry(op.id)}>
              {t('Retry')}
            </button>
            {!op.blockedBy && (
              <DiscardControl
                title={title}
                dependants={explicitDependantsOf(op.id, ops).length}
                onDiscard={async () => {
                  try {
                    await rt?.engine.discard(op.id);
                    toast.success(t('Discarded'));
                  } catch (err) {
                    toast.error(err instanceof Error ? err.message : String(err));
                  }
                }}
              />
            )}
          </div>
        </>
      )}
      <p className="muted small">
        {t('Saved {when}', { when: formatDateTime(op.createdAt) })}
        {op.attempts > 0 ? ` · ${t('{count, plural, one {# attempt} other {# attempts}}', { count: op.attempts })}` : ''}
      </p>
    </li>
  );
}
