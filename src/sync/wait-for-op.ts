// A screen that queued a step waits briefly for its answer when online, to say "submitted" or show a rejection.
import { liveQuery } from 'dexie';
import type { OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';

/** The server answered the last send of a queued op with a failure (its status; 0 is no answer at all). */
export const serverFailed = (op: OutboxOp) => op.state === 'queued' && (op.lastError?.status ?? 0) > 0;

/**
 * Resolves with the op once it is done or needs attention, or once the server answered a send of it with a failure it
 * will be retried after (a 5xx, 429: REQ-API-3, every failed call is said at once, not after the wait), or as it is
 * after `timeoutMs` (still queued: offline, or no answer at all).
 */
export function waitForOp(db: UserDb, opId: string, timeoutMs: number): Promise<OutboxOp | undefined> {
  return new Promise((resolve) => {
    let last: OutboxOp | undefined;
    const finish = () => {
      clearTimeout(timer);
      sub.unsubscribe();
      resolve(last);
    };
    const timer = setTimeout(finish, timeoutMs);
    const sub = liveQuery(() => db.outbox.where('id').equals(opId).first()).subscribe({
      next: (op) => {
        last = op;
        if (!op || op.state === 'done' || op.state === 'needs-attention' || serverFailed(op)) queueMicrotask(finish);
      },
      error: finish,
    });
  });
}
