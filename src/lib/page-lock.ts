// The page's key lock: the officer's data key while unlocked, nothing while locked. One per page: a reload
// or a new tab starts locked and asks for the PIN.
import { useSyncExternalStore } from 'react';
import { flushBeforeLock } from './before-lock';
import { createKeyLock } from './crypto/key-lock';

export const pageLock = createKeyLock();

export const useUnlocked = () =>
  useSyncExternalStore(
    (cb) => pageLock.subscribe(cb),
    () => pageLock.key() !== null,
    () => false,
  );

let locking: Promise<void> | null = null;

/** Writes what the forms hold, then drops the key; a second call while that goes on joins it. */
export function lockPage(): Promise<void> {
  if (!pageLock.key()) return Promise.resolve();
  locking ??= flushBeforeLock().then(() => {
    locking = null;
    pageLock.lock();
  });
  return locking;
}
