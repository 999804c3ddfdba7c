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

/** Forms flush their drafts on this event and hand the write to `waitUntil`: the lock waits for it. */
export const BEFORE_LOCK_EVENT = 'flo:before-lock';

export class BeforeLockEvent extends Event {
  readonly writes: Promise<unknown>[] = [];
  constructor() {
    super(BEFORE_LOCK_EVENT);
  }
  waitUntil(write: Promise<unknown>) {
    this.writes.push(write);
  }
}

export async function lockPage(): Promise<void> {
  if (!pageLock.key()) return;
  const event = new BeforeLockEvent();
  window.dispatchEvent(event);
  // A slow phone may take longer than any fixed pause to encrypt and write a draft: the lock waits for the writes
  // themselves. IndexedDB ends every transaction (committed or aborted), so the wait ends too.
  await Promise.allSettled(event.writes);
  pageLock.lock();
}
