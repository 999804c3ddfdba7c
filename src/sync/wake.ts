// What wakes the sync engine: a new op, coming online, a timer, the service worker's Background Sync message.
import { OUTBOX_ADDED_EVENT } from '../db/outbox';

export const SYNC_WAKE_MESSAGE = 'flo-sync-wake';
export const BACKGROUND_SYNC_TAG = 'flo-outbox';
export const WAKE_INTERVAL_MS = 30_000;

/** Subscribes `wake` to every source available here; returns the unsubscribe. */
export function listenForWakeUps(wake: () => void, intervalMs = WAKE_INTERVAL_MS): () => void {
  const cleanups: Array<() => void> = [];
  if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    window.addEventListener('online', wake);
    window.addEventListener(OUTBOX_ADDED_EVENT, wake);
    cleanups.push(() => {
      window.removeEventListener('online', wake);
      window.removeEventListener(OUTBOX_ADDED_EVENT, wake);
    });
  }
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (sw && typeof sw.addEventListener === 'function') {
    const onMessage = (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type === SYNC_WAKE_MESSAGE) wake();
    };
    sw.addEventListener('message', onMessage);
    cleanups.push(() => sw.removeEventListener('message', onMessage));
  }
  const timer = setInterval(wake, intervalMs);
  cleanups.push(() => clearInterval(timer));
  return () => {
    for (const c of cleanups) c();
  };
}

/** Asks the browser to wake the service worker when the network is back (where Background Sync exists). */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker?.ready;
    await (reg as unknown as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync?.register(BACKGROUND_SYNC_TAG);
  } catch {
    // no Background Sync here: the online event and the timer still wake the engine
  }
}
