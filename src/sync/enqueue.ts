// Turning a submit into an outbox op. The op, the draft clear and any optimistic write commit together.
import type * as v from 'valibot';
import type { NewFile } from '../db/files';
import { type EnqueueExtras, writeOp } from '../db/outbox';
import { borrowerGate } from '../db/outbox-gates';
import type { ApiName, HttpMethod, OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';
import { newUuid } from '../lib/ids';
import { BEHIND_BORROWER, waitsForBorrower } from './borrower-gate';
import { placeholdersIn } from './dependency';
import { OP_CATALOGUE, type OpEntry, type OpKind, type QueuedBody } from './op-catalogue';

/** An op as the outbox stores it, before its id and bookkeeping: what `enqueue` builds from a catalogue entry. */
export type NewOp = {
  appId: string | null;
  kind: string;
  method: HttpMethod;
  path: string;
  api?: ApiName;
  body?: unknown;
  fileId?: string;
  fileIds?: string[];
  dependsOn?: string[];
  label?: string;
  refusalIsAnswer?: boolean;
  rejectionIsAnswer?: boolean;
  /** Only for tests and migrations; normally generated here. */
  id?: string;
  idempotencyKey?: string;
};

/** What enqueue takes beside the op: `resubmit` makes a step submitted again replace its unsent or refused predecessor. */
export type StepExtras = EnqueueExtras & { resubmit?: boolean };
export type { EnqueueExtras };

function buildOp(op: NewOp, now: number): OutboxOp {
  return {
    id: op.id ?? newUuid(),
    appId: op.appId,
    kind: op.kind,
    api: op.api ?? 'main',
    method: op.method,
    path: op.path,
    body: op.body,
    fileId: op.fileId,
    ...(op.fileIds ? { fileIds: [...op.fileIds] } : {}),
    idempotencyKey: op.idempotencyKey ?? newUuid(),
    dependsOn: [...(op.dependsOn ?? [])],
    state: 'queued',
    attempts: 0,
    nextAttemptAt: now,
    label: op.label,
    ...(op.refusalIsAnswer ? { refusalIsAnswer: true } : {}),
    ...(op.rejectionIsAnswer ? { rejectionIsAnswer: true } : {}),
    createdAt: now,
    updatedAt: now,
  };
}

/** One queued write: the entry's path parameters, its body, and what the outbox keeps beside them. */
export type OpArgs<P, B extends v.GenericSchema> = {
  appId: string | null;
  at: P;
  body: QueuedBody<B>;
  /** One of the entry's methods; its first when left out. */
  method?: HttpMethod;
  label?: string;
  dependsOn?: string[];
  fileId?: string;
  /** A bulk upload's files (fileId is the first). */
  fileIds?: string[];
  /** A 2xx that says the application is rejected is this op's answer (it still went through). */
  rejectionIsAnswer?: boolean;
  id?: string;
};

/** The outbox row of one catalogue write. */
export function opFor<K extends OpKind, P, B extends v.GenericSchema, A extends v.GenericSchema>(
  e: OpEntry<K, P, B, A>,
  a: OpArgs<P, B>,
): NewOp {
  const method = a.method ?? e.methods[0];
  if (!e.methods.includes(method)) throw new Error(`${e.kind} is not sent with ${method}`);
  return {
    id: a.id,
    appId: a.appId,
    kind: e.kind,
    api: e.api,
    method,
    path: e.path(a.at),
    body: a.body,
    fileId: a.fileId,
    fileIds: a.fileIds,
    dependsOn: a.dependsOn,
    label: a.label,
    refusalIsAnswer: e.refusalIsAnswer,
    rejectionIsAnswer: a.rejectionIsAnswer,
  };
}

/** Queues one write of the catalogue (src/sync/op-catalogue.ts): the only way product code queues a request. */
export function enqueue<K extends OpKind, P, B extends v.GenericSchema, A extends v.GenericSchema>(
  db: UserDb,
  e: OpEntry<K, P, B, A>,
  a: OpArgs<P, B>,
  extras: StepExtras = {},
  now = Date.now(),
): Promise<OutboxOp> {
  return queueOp(db, opFor(e, a), extras, now);
}

/**
 * Queues `op` as given. Placeholders in the body add their producers to dependsOn: `$result` names its op,
 * `$fileId` the pending upload op of that file (if the file is already uploaded nothing waits).
 */
export async function queueOp(db: UserDb, op: NewOp, extras: StepExtras = {}, now = Date.now()): Promise<OutboxOp> {
  const row = buildOp(op, now);
  const refs = placeholdersIn(row.body);
  const deps = new Set([...row.dependsOn, ...refs.opIds]);
  for (const fileId of refs.fileIds) for (const u of await uploadOpsOf(db, fileId)) if (u.state !== 'done') deps.add(u.id);
  const gate = await borrowerGateFor(db, row);
  if (gate) deps.add(gate);
  row.dependsOn = [...deps];
  const { resubmit, ...rest } = extras;
  if (op.kind === OP_CATALOGUE.borrower.kind && op.appId) rest.opens = borrowerGate(op.appId);
  const replaces = rest.replaces ?? (resubmit && op.appId ? await replaceableOp(db, op.appId, op.kind, op.path) : undefined);
  return writeOp(db, row, { ...rest, replaces });
}

/**
 * The upload ops that carry a local file: its own, or the bulk upload it went in with (a bulk op is found by its first
 * file through the index, by the others through a scan of the outbox, which holds a phone's few pending writes).
 */
export async function uploadOpsOf(db: UserDb, fileId: string): Promise<OutboxOp[]> {
  const own = await db.outbox.where('fileId').equals(fileId).toArray();
  const bulk = await db.outbox.filter((o) => o.fileId !== fileId && !!o.fileIds?.includes(fileId)).toArray();
  return [...own, ...bulk];
}

/**
 * A step captured before the borrower submit exists on this phone (the mobile OTP is not done yet) waits at the
 * borrower's gate instead of reaching the server early and being refused; the borrower submit opens it.
 */
async function borrowerGateFor(db: UserDb, op: OutboxOp): Promise<string | null> {
  if (!op.appId || !BEHIND_BORROWER.has(op.kind)) return null;
  return (await waitsForBorrower(db, op.appId)) ? borrowerGate(op.appId) : null;
}

export type UploadFields = {
  file_type: string;
  application_id?: string;
  upload_type?: string;
  name_prefix?: string;
  phone?: string;
  record_index?: number | string;
  [field: string]: unknown;
};

/** Stores the file (already resized, with its geotag) and queues its upload in one transaction. */
export async function enqueueUpload(
  db: UserDb,
  args: { file: NewFile; fields: UploadFields; dependsOn?: string[]; path?: string; label?: string },
  now = Date.now(),
): Promise<OutboxOp> {
  const { file } = args;
  return enqueue(
    db,
    OP_CATALOGUE.fileUpload,
    {
      appId: file.appId,
      at: { path: args.path },
      body: args.fields,
      fileId: file.id,
      dependsOn: args.dependsOn,
      label: args.label ?? file.name,
    },
    {
      alsoWrite: async (tx) => {
        await tx.files.put({ uploadState: 'local', bytesSent: 0, createdAt: now, ...file });
      },
    },
    now,
  );
}

/**
 * Stores several files picked together and queues one bulk upload of them, in one transaction: one request, one
 * Idempotency-Key, each file's server id written back to its row from the answer (in the order sent).
 */
export async function enqueueBulkUpload(
  db: UserDb,
  args: { files: [NewFile, ...NewFile[]]; fields: UploadFields; label?: string },
  now = Date.now(),
): Promise<OutboxOp> {
  const [first] = args.files;
  return enqueue(
    db,
    OP_CATALOGUE.fileBulkUpload,
    {
      appId: first.appId,
      at: undefined,
      body: args.fields,
      fileId: first.id,
      fileIds: args.files.map((f) => f.id),
      label: args.label ?? args.files.map((f) => f.name).join(', '),
    },
    {
      alsoWrite: async (tx) => {
        await tx.files.bulkPut(args.files.map((f) => ({ uploadState: 'local' as const, bytesSent: 0, createdAt: now, ...f })));
      },
    },
    now,
  );
}

/**
 * The latest op of the same step (kind and path: the business and residence visits share a kind) for the application
 * that has not gone out or was refused: what a resubmit replaces.
 */
async function replaceableOp(db: UserDb, appId: string, kind: string, path: string): Promise<string | undefined> {
  const ops = await db.outbox.where('appId').equals(appId).toArray();
  return ops.filter((o) => o.kind === kind && o.path === path && (o.state === 'queued' || o.state === 'needs-attention')).at(-1)?.id;
}
