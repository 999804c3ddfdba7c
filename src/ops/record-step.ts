// A list step (co-applicants, family members) on the phone: each save is an outbox op naming its files by local id,
// shown at once as an optimistic record, replaced by the server's record when the answer comes; the list is
// refreshed from the server when online without touching records whose saves are still queued.
import * as v from 'valibot';
import { envelope } from '../../contracts/envelope';
import { mainCall } from '../api/http';
import { cacheRecords, cacheServerList, patchCachedApplication, removeRecord } from '../db/records';
import type { OutboxOp } from '../db/types';
import type { RecordTable } from '../db/types';
import type { UserDb } from '../db/user-db';
import { newUuid } from '../lib/ids';
import { fileRef } from '../sync/dependency';
import { enqueue, type EnqueueExtras } from '../sync/enqueue';
import type { OP_CATALOGUE, OpEntry, RecordAt } from '../sync/op-catalogue';
import type { ResultContext } from '../sync/result-handlers';

/** The catalogue's list-step writes. */
type RecordKind = typeof OP_CATALOGUE.coApplicantSave.kind | typeof OP_CATALOGUE.familySave.kind;
/** Its body is the form's values, already checked by the step's contract, with file placeholders and the record index. */
export type RecordEntry = OpEntry<RecordKind, RecordAt, v.GenericSchema, v.GenericSchema>;

export type RecordStep = {
  table: RecordTable;
  /** The catalogue's write; its kind names the result handler. */
  entry: RecordEntry;
  /** Fields holding local file ids, sent as file placeholders. */
  files: readonly string[];
  /** Stage marker the server adds for a saved record (null: none). */
  stageOf: (saved: Record<string, unknown>) => string | null;
};

/** The optimistic record of a queued save, until the server's answer replaces it. */
export const localRecordId = (opId: string) => `local:${opId}`;
export const isLocalRecordId = (id: string) => id.startsWith('local:');

export type SaveArgs = {
  appId: string;
  info: Record<string, unknown>;
  recordIndex: number;
  method: 'POST' | 'PATCH';
  /** Where it is saved; `at.recordId` is the server id when updating (a new record gets a local id). */
  at: RecordAt;
  label: string;
  extraBody?: Record<string, unknown>;
  dependsOn?: string[];
  draftKey: string;
  rejectionIsAnswer?: boolean;
  alsoWrite?: EnqueueExtras['alsoWrite'];
};

export async function saveRecord(db: UserDb, step: RecordStep, a: SaveArgs, now = Date.now()): Promise<OutboxOp> {
  const files = Object.fromEntries(step.files.filter((f) => a.info[f]).map((f) => [f, fileRef(a.info[f] as string)]));
  const opId = newUuid();
  return enqueue(
    db,
    step.entry,
    {
      id: opId,
      appId: a.appId,
      at: a.at,
      method: a.method,
      label: a.label,
      dependsOn: a.dependsOn,
      body: { ...a.info, record_index: a.recordIndex, ...files, ...a.extraBody },
      rejectionIsAnswer: a.rejectionIsAnswer,
    },
    {
      draftKeyToClear: a.draftKey,
      alsoWrite: async (tx) => {
        const id = a.at.recordId ?? localRecordId(opId);
        await cacheRecords(
          tx,
          step.table,
          [{ id, appId: a.appId, data: { ...a.info, id, record_index: a.recordIndex, status: 'QUEUED' } }],
          now,
        );
        await a.alsoWrite?.(tx);
      },
    },
    now,
  );
}

/** Result handler: the server's record replaces the optimistic one, and its stage marker goes on the phone's copy. */
export function recordSavedHandler(step: RecordStep) {
  return async ({ db, op, result, now }: ResultContext) => {
    const parsed = v.safeParse(SavedAnswer, result);
    const saved = parsed.success ? parsed.output.data : undefined;
    if (!op.appId || !saved) return;
    await removeRecord(db, step.table, localRecordId(op.id));
    await cacheRecords(db, step.table, [{ id: saved.id, appId: op.appId, data: saved }], now);
    const stage = step.stageOf(saved);
    if (stage) {
      await patchCachedApplication(
        db,
        op.appId,
        (d) => {
          const stages = Array.isArray(d.stages) ? (d.stages as string[]) : [];
          return { stages: stages.includes(stage) ? stages : [...stages, stage] };
        },
        now,
      );
    }
  };
}

/** Server ids a queued save of this step is about (an update's path, a replace's target): their local copy stays. */
export function busyIds(ops: readonly OutboxOp[], kind: string): Set<string> {
  const pending = ops.filter((o) => o.kind === kind && o.state !== 'done');
  return new Set(
    pending.flatMap((o) => [o.path.split('/').pop() ?? '', (o.body as { id_to_replace?: string } | undefined)?.id_to_replace ?? '']),
  );
}

/** A saved record as the server answers it: what the phone caches in place of its optimistic copy. */
const SavedAnswer = envelope(v.looseObject({ id: v.string() }));
const ListAnswer = envelope(v.object({ list: v.array(v.looseObject({ id: v.string() })) }));

/** Fetches the server's list of this step's records for the application (online) into the cache. */
export async function refreshRecords(db: UserDb, step: RecordStep, appId: string, path: string) {
  const res = await mainCall(ListAnswer, path, { silent: true });
  await cacheFetchedList(db, step, appId, res.data.list);
}

/** Writes the server's list into the cache; records of queued saves keep their local copy. */
export async function cacheFetchedList(db: UserDb, step: RecordStep, appId: string, list: Array<{ id: string }>) {
  const busy = busyIds(await db.outbox.where('appId').equals(appId).toArray(), step.entry.kind);
  await cacheServerList(
    db,
    step.table,
    appId,
    list.map((r) => ({ id: r.id, appId, data: r })),
    (id) => isLocalRecordId(id) || busy.has(id),
  );
}

export const nextRecordIndex = (list: readonly { record_index: number }[]) => list.reduce((m, c) => Math.max(m, c.record_index + 1), 0);
