// Discarding queued work is final, so it takes two confirmations and says what goes with it.
import { useState } from 'react';

type Props = { title: string; dependants: number; onDiscard: () => Promise<void> };

export function DiscardControl({ title, dependants, onDiscard }: Props) {
  const [stage, setStage] = useState<0 | 1 | 2>(0);
  const [busy, setBusy] = useState(false);
  if (stage === 0) {
    return (
      <button type="button" className="btn-link danger" onClick={() => setStage(1)}>
        Discard
      </button>
    );
  }
  const also =
    dependants > 0 ? ` and ${dependants} item${dependants === 1 ? '' : 's'} that depend${dependants === 1 ? 's' : ''} on it` : '';
  return (
    <div className="confirm" role="alertdialog" aria-label="Confirm discard">
      <p>{stage === 1 ? `Discard "${title}"${also}? It will never reach the server.` : 'Are you sure? This cannot be undone.'}</p>
      <div className="confirm-actions">
        <button type="button" className="btn-link" onClick={() => setStage(0)} disabled={busy}>
          Keep
        </button>
        {stage === 1 ? (
          <button type="button" className="btn-link danger" onClick={() => setStage(2)}>
            Discard
          </button>
        ) : (
          <button
            type="button"
            className="btn-link danger"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onDiscard();
              } finally {
                setBusy(false);
                setStage(0);
              }
            }}
          >
            Yes, discard
          </button>
        )}
      </div>
    </div>
  );
}
