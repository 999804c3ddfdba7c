// Sending one outbox op and writing its answer back, and what its answer or failure means for it. The engine
// (engine.ts) decides when and how many; this is what happens to one.
import * as v from 'valibot';
import type { OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';
import { setFileUpload } from '../db/files';
import { allOps, markOpDone, markOpQueued, markOpRetry, markOpsNeedAttention } from '../db/outbox';
import { dependantsOf, placeholdersIn, resolvePlaceholders } from './dependency';
import { MissingDependencyError, NetworkError } from './errors';
import { opEntry } from './op-catalogue';
import { cacheRejection, type ResultHandlerMap, resolveHandler } from './result-handlers';
import { type Decision, decide } from './retry-policy';
import { type Transport, type TransportResponse, withIdempotencyKey } from './transport';
import { runUpload } from './upload';
import { filesOfOp, runBulkUpload, writeBackBulk } from './bulk-upload';
import { msg } from '../../contracts/msg';

export type OpIo = { db: UserDb; transport: Transport; now: () => number; handlers: ResultHandlerMap };
type Tally = { done: number; retrying: number; parked: number };
type DecisionHooks = { retrying: (message: string | undefined) => void; signInNeeded: () => void };

async function sendRequest({ db, transport }: OpIo, op: OutboxOp, signal: AbortSignal): Promise<TransportResponse> {
  let body = op.body;
  const refs = placeholdersIn(body);
  if (refs.fileIds.length || refs.opIds.length) {
    const files = new Map((await db.files.bulkGet(refs.fileIds)).filter((f) => !!f).map((f) => [f.id, f]));
    const ops = new Map((await db.outbox.where('id').anyOf(refs.opIds).toArray()).map((o) => [o.id, o]));
    body = resolvePlaceholders(body, { file: (id) => files.get(id), op: (id) => ops.get(id) });
  }
  return transport.request(op.api, op.method, op.path, {
    body: op.method === 'GET' ? undefined : body,
    headers: withIdempotencyKey(op.idempotencyKey),
    signal,
  });
}

/** Sends one op: a request with its placeholders filled in, or a file's upload (skipped when already uploaded). */
export async function sendOp(io: OpIo, op: OutboxOp, signal: AbortSignal): Promise<TransportResponse> {
  const { db, transport, now } = io;
  if (!op.fileId) return sendRequest(io, op, signal);
  if (op.fileIds?.length) return runBulkUpload({ db, transport, op, signal, now });
  const file = await db.files.get(op.fileId);
  if (!file) throw new MissingDependencyError(msg('The file for this upload is no longer on this device.'));
  if (file.serverFileId && file.uploadState === 'uploaded') {
    return { status: 200, data: { success: true, data: { file_id: file.serverFileId } }, headers: new Headers() };
  }
  return runUpload({ db, transport, op, file, signal, now });
}

/**
 * Whether a done op's answer may be cached: a catalogue write's answer must pass its entry's answer schema (the op is
 * done either way, since the server did the work). An op of a kind this build does not know keeps its handler, if any.
 */
export function answerFits(op: Pick<OutboxOp, 'kind'>, result: unknown): boolean {
  const entry = opEntry(op.kind);
  return !entry || v.is(entry.answer, result);
}

const UploadAnswer = v.object({ data: v.object({ file_id: v.string() }) });

/** Marks the op done and writes the answer back (file id, result handler) in the same transaction. */
export async function writeDone({ db, now, handlers }: OpIo, op: OutboxOp, result: unknown) {
  const fits = answerFits(op, result);
  if (!fits) console.warn(`the answer to ${op.kind} does not match its contract: not cached`);
  const handler = fits
    ? await resolveHandler(op.kind, handlers).catch((err) => {
        console.warn(`result handler for ${op.kind} not loaded`, err);
        return undefined;
      })
    : undefined;
  const t = now();
  const writeBack = async () => {
    if (op.fileIds?.length) await writeBackBulk(db, op, result);
    else if (op.fileId) {
      const uploaded = v.safeParse(UploadAnswer, result);
      const fileId = uploaded.success ? uploaded.output.data.file_id : undefined;
      await db.files.update(op.fileId, {
        uploadState: 'uploaded',
        ...(typeof fileId === 'string' ? { serverFileId: fileId } : {}),
      });
    }
    await handler?.({ db, op, result, now: t });
  };
  try {
    await markOpDone(db, op.id, result, t, writeBack);
  } catch (err) {
    // The server did the work: the op is done even if the local write-back failed.
    console.warn(`result handler for ${op.kind} failed`, err);
    await markOpDone(db, op.id, result, t, async () => {
      for (const id of filesOfOp(op)) await db.files.update(id, { uploadState: 'uploaded' });
    });
  }
}

/** What a server's answer means: the retry policy's reading, except where the op says a refusal is its answer. */
export function answerDecision(op: OutboxOp, res: TransportResponse, attempt: number, at: number, random: () => number): Decision {
  const decision = decide(
    { kind: 'http', status: res.status, body: res.data, retryAfter: res.headers.get('retry-after') },
    attempt,
    at,
    random,
  );
  if (op.refusalIsAnswer && decision.action === 'park' && res.status >= 400) return { action: 'done' };
  if (op.rejectionIsAnswer && decision.action === 'park' && res.status < 300) return { action: 'done' };
  return decision;
}

/** What a send that got no answer means: a network error retries; a missing file or anything else parks the op. */
export function failureDecision(err: unknown, attempt: number, at: number, random: () => number): Decision {
  if (err instanceof NetworkError) return decide({ kind: 'network', message: err.message }, attempt, at, random);
  if (err instanceof MissingDependencyError) return { action: 'park', status: 0, message: err.message };
  console.warn('sync op failed unexpectedly', err);
  return { action: 'park', status: 0, message: err instanceof Error ? err.message : msg('Unexpected error') };
}

/** Applies a decision to the op: done with its write-back, a retry later, a pause for sign-in, or parked with its dependants. */
export async function applyDecision(
  io: OpIo,
  op: OutboxOp,
  decision: Decision,
  res: TransportResponse | null,
  tally: Tally,
  on: DecisionHooks,
) {
  const { db } = io;
  const t = io.now();
  switch (decision.action) {
    case 'done':
      tally.done += 1;
      await writeDone(io, op, res?.data ?? null);
      return;
    case 'retry':
      tally.retrying += 1;
      await markOpRetry(db, op.id, decision.at, { status: decision.status, message: decision.message }, t);
      on.retrying(decision.message);
      return;
    case 'pause-auth':
      await markOpQueued(db, op.id, t, { status: 401, message: decision.message });
      on.signInNeeded();
      return;
    case 'park': {
      tally.parked += 1;
      const ops = await allOps(db);
      const dependants = dependantsOf(op.id, ops);
      await markOpsNeedAttention(db, op.id, { status: decision.status, message: decision.message }, dependants, t, res?.data ?? undefined);
      if (res && res.status < 300)
        await cacheRejection({ db, op, result: res.data, now: t }).catch((err) => console.warn('rejection not cached', err));
      for (const id of filesOfOp(op)) await setFileUpload(db, id, { uploadState: 'failed' });
      return;
    }
  }
}
