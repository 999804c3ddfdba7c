// One tab per device replays the outbox. Web Locks where available; otherwise a lease in localStorage.
export const LEADER_LOCK_NAME = 'flo-sync-leader';

export interface LeaderLock {
  /** Runs `work` while holding the lock; returns null at once when another holder has it. */
  withLock<T>(work: () => Promise<T>): Promise<T | null>;
}

type LockManagerLike = {
  request<T>(name: string, options: { ifAvailable: boolean }, cb: (lock: unknown) => Promise<T>): Promise<T>;
};

const LEASE_MS = 15_000;

function createLeaseLock(name: string, storage: Storage | null, now: () => number): LeaderLock {
  const owner = Math.random().toString(36).slice(2);
  let held = false;
  const read = () => {
    try {
      return JSON.parse(storage?.getItem(name) ?? 'null') as { owner: string; until: number } | null;
    } catch {
      return null;
    }
  };
  return {
    async withLock(work) {
      if (held) return null;
      const lease = read();
      if (storage && lease && lease.owner !== owner && lease.until > now()) return null;
      held = true;
      const renew = () => storage?.setItem(name, JSON.stringify({ owner, until: now() + LEASE_MS }));
      renew();
      const timer = setInterval(renew, LEASE_MS / 3);
      try {
        return await work();
      } finally {
        clearInterval(timer);
        held = false;
        if (read()?.owner === owner) storage?.removeItem(name);
      }
    },
  };
}

export function createLeaderLock(
  name = LEADER_LOCK_NAME,
  env: { locks?: LockManagerLike | null; storage?: Storage | null; now?: () => number } = {},
): LeaderLock {
  const locks = env.locks !== undefined ? env.locks : ((globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks ?? null);
  if (locks) {
    return {
      withLock: (work) => locks.request(name, { ifAvailable: true }, async (lock) => (lock ? work() : null)),
    };
  }
  let storage: Storage | null = env.storage ?? null;
  if (env.storage === undefined) {
    try {
      storage = globalThis.localStorage ?? null;
    } catch {
      storage = null;
    }
  }
  return createLeaseLock(name, storage, env.now ?? Date.now);
}
