import { useBusy } from '../lib/busy-store';
import { t } from '../i18n';

/** Full-screen overlay that blocks the main content while a blocking call is in flight (REQ-UI-1). */
export function LoadingOverlay() {
  const busy = useBusy();
  if (!busy) return null;
  return (
    <div className="loading-overlay" role="progressbar" aria-label={t('Loading')} aria-busy="true">
      <span className="spinner" />
    </div>
  );
}
