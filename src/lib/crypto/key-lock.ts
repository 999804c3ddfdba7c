// Holds the unlocked data key for this page. Locking drops the reference; encrypted tables then refuse work.

export interface KeyLock {
  /** The data key, or null while locked. */
  key(): CryptoKey | null;
  unlock(key: CryptoKey): void;
  lock(): void;
  /** Called after every unlock and lock (the app shows or hides its PIN screen). Returns unsubscribe. */
  subscribe(listener: (unlocked: boolean) => void): () => void;
}

export function createKeyLock(): KeyLock {
  let current: CryptoKey | null = null;
  const listeners = new Set<(unlocked: boolean) => void>();
  const set = (key: CryptoKey | null) => {
    current = key;
    for (const listener of listeners) listener(key !== null);
  };
  return {
    key: () => current,
    unlock(key) {
      if (key.extractable) throw new TypeError('Only a non-extractable data key may be used');
      set(key);
    },
    lock: () => set(null),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
