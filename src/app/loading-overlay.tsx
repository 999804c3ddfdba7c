import { useBusy } from '../lib/busy-store';

/** Full-screen overlay that blocks the main content while a blocking call is in flight (REQ-UI-1). */
export function LoadingOverlay() {
  const busy = useBusy();
  if (!busy) return null;
  return (
    <div className="loading-overlay" role="progressbar" aria-label="Loading" aria-busy="true">
      <span className="spinner" />
    </div>
  );
}
