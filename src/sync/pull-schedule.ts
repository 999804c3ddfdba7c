// When the phone pulls the change feed: on start (the caller), after an outbox pass that sent something (the engine's
// `afterPass`), on reconnect, when the app comes back to the foreground, on the service worker's sync wake-up, and
// every few minutes while online.
import { SYNC_WAKE_MESSAGE } from './wake';

export const PULL_INTERVAL_MS = 3 * 60_000;

/** Subscribes `pull` to every moment available here; returns the unsubscribe. */
export function listenForPulls(pull: () => void, intervalMs = PULL_INTERVAL_MS): () => void {
  const cleanups: Array<() => void> = [];
  if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    const onVisible = () => {
      if (document.visibilityState === 'visible') pull();
    };
    window.addEventListener('online', pull);
    window.addEventListener('focus', pull);
    document.addEventListener('visibilitychange', onVisible);
    cleanups.push(() => {
      window.removeEventListener('online', pull);
      window.removeEventListener('focus', pull);
      document.removeEventListener('visibilitychange', onVisible);
    });
  }
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (sw && typeof sw.addEventListener === 'function') {
    const onMessage = (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type === SYNC_WAKE_MESSAGE) pull();
    };
    sw.addEventListener('message', onMessage);
    cleanups.push(() => sw.removeEventListener('message', onMessage));
  }
  const timer = setInterval(pull, intervalMs);
  cleanups.push(() => clearInterval(timer));
  return () => {
    for (const c of cleanups) c();
  };
}
