// Outbox rows. Only the sync module calls these; screens read them through hooks.ts.
import { clearSentDraft, markStoredDraftSent } from './drafts';
import { releaseGate } from './outbox-gates';
import { guardWrite } from './storage-errors';
import type { OpError, OutboxOp, UploadSession } from './types';
import type { UserDb } from './user-db';
import { msg } from '../../contracts/msg';

export type EnqueueExtras = {
  /**
   * The draft of the submit this op sends: kept as what was sent, and deleted when the server accepts the op (in the
   * op's 'done' transaction), so a refusal reopens the form with exactly what was sent.
   */
  draftKeyToClear?: string;
  /** More writes that must commit together with the op (e.g. an optimistic record). Runs inside the transaction. */
  alsoWrite?: (db: UserDb) => Promise<unknown>;
  /**
   * An earlier op this one replaces (a step submitted again): if it has not gone out (queued) or was refused
   * (needs attention), it is removed and the new op takes its place in the replay order; ops parked behind it are
   * freed and ops waiting for it wait for the new one. One being sent is left alone.
   */
  replaces?: string;
  /** A gate (outbox-gates.ts) this op opens: the ops waiting at it move behind this one and wait for it. */
  opens?: string;
};

async function replaceInPlace(db: UserDb, oldId: string, op: OutboxOp, now: number) {
  const old = await db.outbox.where('id').equals(oldId).first();
  if (!old || (old.state !== 'queued' && old.state !== 'needs-attention')) return;
  await db.outbox.delete(old.seq!);
  op.seq = old.seq;
  await db.outbox
    .filter((o) => o.blockedBy === oldId || o.dependsOn.includes(oldId))
    .modify((o) => {
      o.dependsOn = o.dependsOn.map((d) => (d === oldId ? op.id : d));
      if (o.blockedBy === oldId) Object.assign(o, { state: 'queued', nextAttemptAt: now, lastError: undefined, blockedBy: undefined });
      o.updatedAt = now;
    });
}

/** Fired on window after an op commits, so the sync engine sends it now rather than at its next timer. */
export const OUTBOX_ADDED_EVENT = 'flo-outbox-added';

/** Writes the op, marks its draft as sent and runs alsoWrite atomically: all of it commits or none of it. */
export async function writeOp(db: UserDb, op: OutboxOp, extras: EnqueueExtras = {}): Promise<OutboxOp> {
  const written = await guardWrite(() =>
    db.transaction('rw', db.tables, async () => {
      if (extras.replaces) await replaceInPlace(db, extras.replaces, op, op.createdAt);
      if (extras.draftKeyToClear) op.draftKey = extras.draftKeyToClear;
      const seq = await db.outbox.add(op);
      if (extras.opens) await releaseGate(db, extras.opens, { ...op, seq: seq as number });
      if (extras.draftKeyToClear) await markStoredDraftSent(db, extras.draftKeyToClear, op.id);
      if (extras.alsoWrite) await extras.alsoWrite(db);
      return { ...op, seq: seq as number };
    }),
  );
  globalThis.dispatchEvent?.(new Event(OUTBOX_ADDED_EVENT));
  return written;
}

export const getOp = (db: UserDb, id: string) => db.outbox.where('id').equals(id).first();
export const allOps = (db: UserDb) => db.outbox.orderBy('seq').toArray();
export const pendingOps = async (db: UserDb) => (await db.outbox.orderBy('seq').toArray()).filter((op) => op.state !== 'done');

async function patchOp(db: UserDb, id: string, change: Partial<OutboxOp>, now: number) {
  await db.outbox
    .where('id')
    .equals(id)
    .modify({ ...change, updatedAt: now });
}

export const markOpSending = (db: UserDb, id: string, attempts: number, now: number) =>
  guardWrite(() => patchOp(db, id, { state: 'sending', attempts }, now));

export const markOpRetry = (db: UserDb, id: string, nextAttemptAt: number, lastError: OpError, now: number) =>
  guardWrite(() => patchOp(db, id, { state: 'queued', nextAttemptAt, lastError }, now));

/** Put back in the queue without counting an attempt (queue paused for sign-in). */
export const markOpQueued = (db: UserDb, id: string, now: number, lastError?: OpError) =>
  guardWrite(() => patchOp(db, id, { state: 'queued', nextAttemptAt: now, ...(lastError ? { lastError } : {}) }, now));

/** Done, with the answer; `writeBack` runs in the same transaction (result handlers). */
export const markOpDone = (db: UserDb, id: string, result: unknown, now: number, writeBack?: () => Promise<void>) =>
  guardWrite(() =>
    db.transaction('rw', db.tables, async () => {
      await patchOp(db, id, { state: 'done', result, lastError: undefined, blockedBy: undefined }, now);
      const op = await getOp(db, id);
      if (op?.draftKey) await clearSentDraft(db, op.draftKey, id);
      if (writeBack) await writeBack();
    }),
  );

/** Parks the op with the server's message and its dependants with a pointer to it. */
export const markOpsNeedAttention = (db: UserDb, id: string, error: OpError, dependants: string[], now: number, result?: unknown) =>
  guardWrite(() =>
    db.transaction('rw', db.outbox, async () => {
      await patchOp(db, id, { state: 'needs-attention', lastError: error, ...(result === undefined ? {} : { result }) }, now);
      for (const dep of dependants) {
        await patchOp(
          db,
          dep,
          { state: 'needs-attention', blockedBy: id, lastError: { status: 0, message: msg('Waiting for a step that needs attention') } },
          now,
        );
      }
    }),
  );

export const setOpProgress = (db: UserDb, id: string, progress: { sent: number; total: number }, now: number) =>
  guardWrite(() => patchOp(db, id, { progress }, now));

export const setOpUploadSession = (db: UserDb, id: string, uploadSession: UploadSession | undefined, now: number) =>
  guardWrite(() => patchOp(db, id, { uploadSession }, now));

/** Back to the queue now: the op and the ones parked behind it. */
export const requeueOps = (db: UserDb, ids: string[], now: number) =>
  guardWrite(() =>
    db.transaction('rw', db.outbox, async () => {
      for (const id of ids)
        await patchOp(db, id, { state: 'queued', nextAttemptAt: now, attempts: 0, lastError: undefined, blockedBy: undefined }, now);
    }),
  );

export const deleteOps = (db: UserDb, ids: string[], requeue: string[], now: number) =>
  guardWrite(() =>
    db.transaction('rw', db.outbox, async () => {
      await db.outbox.where('id').anyOf(ids).delete();
      for (const id of requeue)
        await patchOp(db, id, { state: 'queued', nextAttemptAt: now, lastError: undefined, blockedBy: undefined }, now);
    }),
  );

/** Done ops are kept for results ($result placeholders) until nothing pending refers to them. */
export async function pruneDoneOps(db: UserDb, olderThan: number) {
  await guardWrite(() =>
    db.transaction('rw', db.outbox, async () => {
      const ops = await db.outbox.toArray();
      const referenced = new Set(ops.filter((o) => o.state !== 'done').flatMap((o) => o.dependsOn));
      const stale = ops.filter((o) => o.state === 'done' && o.updatedAt < olderThan && !referenced.has(o.id)).map((o) => o.seq!);
      await db.outbox.bulkDelete(stale);
    }),
  );
}
