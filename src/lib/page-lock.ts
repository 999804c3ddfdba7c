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

export async function lockPage(): Promise<void> {
  if (!pageLock.key()) return;
  await flushBeforeLock();
  pageLock.lock();
}
