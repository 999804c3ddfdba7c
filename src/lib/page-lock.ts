// The page's key lock: the officer's data key while unlocked, nothing while locked. One per page: a reload
// or a new tab starts locked and asks for the PIN.
import { useSyncExternalStore } from 'react';
import { createKeyLock } from './crypto/key-lock';

export const pageLock = createKeyLock();

export const useUnlocked = () =>
  useSyncExternalStore(
    (cb) => pageLock.subscribe(cb),
    () => pageLock.key() !== null,
    () => false,
  );

/** Forms flush their drafts on this event; the lock waits a moment so the last keystrokes are written encrypted. */
export const BEFORE_LOCK_EVENT = 'flo:before-lock';

export async function lockPage(): Promise<void> {
  if (!pageLock.key()) return;
  window.dispatchEvent(new Event(BEFORE_LOCK_EVENT));
  await new Promise((r) => setTimeout(r, 200));
  pageLock.lock();
}
