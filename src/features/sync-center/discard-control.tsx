// Discarding queued work is final, so it takes two confirmations and says what goes with it.
import { useState } from 'react';
import { t } from '../../i18n';

type Props = { title: string; dependants: number; onDiscard: () => Promise<void> };

export function DiscardControl({ title, dependants, onDiscard }: Props) {
  const [stage, setStage] = useState<0 | 1 | 2>(0);
  const [busy, setBusy] = useState(false);
  if (stage === 0) {
    return (
      <button type="button" className="btn-link danger" onClick={() => setStage(1)}>
        {t('Discard')}
      </button>
    );
  }
  return (
    <div className="confirm" role="alertdialog" aria-label={t('Confirm discard')}>
      <p>
        {stage === 1
          ? t(
              '{count, plural, =0 {Discard "{title}"? It will never reach the server.} one {Discard "{title}" and # item that depends on it? It will never reach the server.} other {Discard "{title}" and # items that depend on it? It will never reach the server.}}',
              { title, count: dependants },
            )
          : t('Are you sure? This cannot be undone.')}
      </p>
      <div className="confirm-actions">
        <button type="button" className="btn-link" onClick={() => setStage(0)} disabled={busy}>
          {t('Keep')}
        </button>
        {stage === 1 ? (
          <button type="button" className="btn-link danger" onClick={() => setStage(2)}>
            {t('Discard')}
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
            {t('Yes, discard')}
          </button>
        )}
      </div>
    </div>
  );
}
