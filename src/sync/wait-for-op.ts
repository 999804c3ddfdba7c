// A screen that queued a step waits briefly for its answer when online, to say "submitted" or show a rejection.
import { liveQuery } from 'dexie';
import type { OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';

/** Resolves with the op once it is done or needs attention, or as it is after `timeoutMs` (still queued: offline). */
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
        if (!op || op.state === 'done' || op.state === 'needs-attention') queueMicrotask(finish);
      },
      error: finish,
    });
  });
}
