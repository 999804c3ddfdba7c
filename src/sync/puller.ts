// One pull at a time per runtime: a pull asked for while one runs is done once more after it (a change may have landed
// in between), never twice at once. Offline, nothing is asked. The last pull's time and error for the sync center.
import { type PullResult, pullChanges } from './pull';
import type { UserDb } from '../db/user-db';
import type { Transport } from './transport';

export type PullStatus = { running: boolean; lastPullAt: number | null; lastError: string | null };
export interface Puller {
  pull(): Promise<PullResult | null>;
  stop(): void;
  status(): PullStatus;
}

export function createPuller(opts: {
  db: UserDb;
  transport: Transport;
  isOnline?: () => boolean;
  now?: () => number;
  limit?: number;
}): Puller {
  const now = opts.now ?? Date.now;
  let current: Promise<PullResult | null> | null = null;
  let again = false;
  let controller = new AbortController();
  const state: PullStatus = { running: false, lastPullAt: null, lastError: null };

  const once = async (): Promise<PullResult | null> => {
    if (opts.isOnline && !opts.isOnline()) return null;
    try {
      const r = await pullChanges(opts.db, opts.transport, { now, limit: opts.limit, signal: controller.signal });
      state.lastPullAt = now();
      state.lastError = null;
      return r;
    } catch (err) {
      // Nothing is lost: the cursor stays at the last page applied and the next pull goes on from there.
      state.lastError = err instanceof Error ? err.message : String(err);
      return null;
    }
  };

  function pull(): Promise<PullResult | null> {
    if (current) {
      again = true;
      return current;
    }
    state.running = true;
    current = (async () => {
      let last: PullResult | null = null;
      do {
        again = false;
        last = await once();
      } while (again && !controller.signal.aborted);
      return last;
    })().finally(() => {
      current = null;
      state.running = false;
    });
    return current;
  }

  return {
    pull,
    stop() {
      controller.abort();
      controller = new AbortController();
    },
    status: () => ({ ...state }),
  };
}
