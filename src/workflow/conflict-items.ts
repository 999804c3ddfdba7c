// "Needs you" items for server changes the phone's queued work cannot go on top of (src/db/feed-conflicts.ts): the
// application left the officer's work, or was decided meanwhile. What was typed stays queued; the item says why it
// waits and leads to the sync center, where it can be retried or discarded. It clears once nothing of it is queued.
import type { FeedConflicts } from '../db/feed-conflicts';
import type { OutboxOp } from '../db/types';

export type ConflictItem = { key: string; appId: string; what: string };

export function conflictItems(conflicts: FeedConflicts | undefined, ops: readonly OutboxOp[]): ConflictItem[] {
  if (!conflicts) return [];
  return Object.values(conflicts).flatMap((list) =>
    list
      .filter((c) => ops.some((o) => o.appId === c.appId && o.state !== 'done' && (c.opId === null || o.id === c.opId)))
      .map((c) => ({ key: `${c.appId}:conflict:${c.opId ?? c.kind}`, appId: c.appId, what: c.what })),
  );
}
