// Forms write what they hold when the page is about to lock (src/lib/page-lock.ts), and the lock waits for those
// writes: a slow phone may take longer than any fixed pause to encrypt and write a draft. Apart from the key lock, so
// the public pages' forms do not download it.

const BEFORE_LOCK_EVENT = 'flo:before-lock';

/** Asks every form to write what it holds; resolves when those writes have ended (IndexedDB ends every transaction). */
export async function flushBeforeLock(): Promise<void> {
  const writes: Promise<unknown>[] = [];
  window.dispatchEvent(new CustomEvent(BEFORE_LOCK_EVENT, { detail: writes }));
  await Promise.allSettled(writes);
}

/** Runs `write` when the page is about to lock; the lock waits for it. Returns the way to stop. */
export function whenLocking(write: () => Promise<unknown>): () => void {
  const on = (e: Event) => (e as CustomEvent<Promise<unknown>[]>).detail.push(write());
  window.addEventListener(BEFORE_LOCK_EVENT, on);
  return () => window.removeEventListener(BEFORE_LOCK_EVENT, on);
}
