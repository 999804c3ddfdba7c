// Which ops may start now: heads of their application's lane, dependencies done, due, under the concurrency cap.
import type { OutboxOp } from '../db/types';
import { gatesOf } from '../db/outbox-gates';
import { laneOf } from './dependency';

export const DEFAULT_CONCURRENCY = 3;

export type PickInput = {
  /** Outbox rows sorted by seq (done ones may be included; they satisfy dependencies). */
  ops: OutboxOp[];
  inFlight: ReadonlySet<string>;
  /** Ops this pass already tried: they hold their lane's place but wait for the next pass. */
  tried?: ReadonlySet<string>;
  now: number;
  concurrency?: number;
};

export function pickRunnable({ ops, inFlight, tried, now, concurrency = DEFAULT_CONCURRENCY }: PickInput): OutboxOp[] {
  const slots = Math.max(0, Math.min(4, Math.max(1, concurrency)) - inFlight.size);
  if (slots === 0) return [];
  const byId = new Map(ops.map((o) => [o.id, o]));
  const laneTaken = new Set<string>();
  const picked: OutboxOp[] = [];
  for (const op of ops) {
    if (op.state === 'done') continue;
    // Waiting at a gate (the borrower's mobile not verified yet): it neither goes nor holds its application's lane, so
    // the op that opens the gate can go first.
    if (gatesOf(op).length > 0) continue;
    const lane = laneOf(op);
    if (lane !== null) {
      // Only the oldest unfinished op of an application may go; the rest wait behind it.
      if (laneTaken.has(lane)) continue;
      laneTaken.add(lane);
    }
    if (inFlight.has(op.id) || tried?.has(op.id)) continue;
    if (op.state !== 'queued' && op.state !== 'sending') continue;
    if (op.nextAttemptAt > now) continue;
    const depsDone = op.dependsOn.every((d) => {
      const dep = byId.get(d);
      return !dep || dep.state === 'done';
    });
    if (!depsDone) continue;
    picked.push(op);
    if (picked.length === slots) break;
  }
  return picked;
}

/** When the earliest waiting op becomes due (null: nothing waits on time). */
export function nextDueAt(ops: OutboxOp[], now: number): number | null {
  let at: number | null = null;
  for (const op of ops) {
    if (op.state === 'queued' && op.nextAttemptAt > now) at = at === null ? op.nextAttemptAt : Math.min(at, op.nextAttemptAt);
  }
  return at;
}
