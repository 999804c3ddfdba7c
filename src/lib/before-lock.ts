// Forms write what they hold when the page is about to lock (src/lib/page-lock.ts), and the lock waits for those
// writes: a slow phone may take longer than any short pause to encrypt and write a draft. Apart from the key lock, so
// the public pages' forms do not download it.

const BEFORE_LOCK_EVENT = 'flo:before-lock';

/**
 * The longest the lock waits: a write that never ends (a database held by another tab) must not keep the key in memory.
 * Longer than any write takes, and longer than the half-minute between idle checks.
 */
export const LOCK_WRITE_WAIT_MS = 60_000;

/** Asks every form to write what it holds; resolves when those writes have ended, or after LOCK_WRITE_WAIT_MS. */
export async function flushBeforeLock(): Promise<void> {
  const writes: Promise<unknown>[] = [];
  window.dispatchEvent(new CustomEvent(BEFORE_LOCK_EVENT, { detail: writes }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled(writes), new Promise((r) => (timer = setTimeout(r, LOCK_WRITE_WAIT_MS)))]);
  clearTimeout(timer);
}

/** Runs `write` when the page is about to lock; the lock waits for it. Returns the way to stop. */
export function whenLocking(write: () => Promise<unknown>): () => void {
  const on = (e: Event) => (e as CustomEvent<Promise<unknown>[]>).detail.push(write());
  window.addEventListener(BEFORE_LOCK_EVENT, on);
  return () => window.removeEventListener(BEFORE_LOCK_EVENT, on);
}
