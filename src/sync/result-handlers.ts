// Default write-backs of server answers into the cache, by op kind. They run inside the op's "done" transaction.
import * as v from 'valibot';
import { patchCachedApplication } from '../db/records';
import { putAnsweredApplication } from '../db/server-copy';
import type { OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';
import { APPLICATION_ANSWER, OP_CATALOGUE } from './op-catalogue';

export type ResultContext = { db: UserDb; op: OutboxOp; result: unknown; now: number };
export type ResultHandler = (ctx: ResultContext) => Promise<void> | void;
export type ResultHandlers = Record<string, ResultHandler>;

async function cacheApplication({ db, op, result, now }: ResultContext) {
  // The server's answer to an application write is the application (contracts/application-record.ts).
  const parsed = v.safeParse(APPLICATION_ANSWER, result);
  const data = parsed.success ? parsed.output.data : undefined;
  // Kept as the server's copy, the edits of ops still queued on top (src/db/server-copy.ts).
  if (data && typeof data.id === 'string') await putAnsweredApplication(db, { ...data, id: data.id }, now);
  else if (op.appId) await db.applications.update(op.appId, { syncedAt: now });
}

/** Every catalogue write whose answer is the application caches it. */
export const DEFAULT_RESULT_HANDLERS: ResultHandlers = Object.fromEntries(
  Object.values(OP_CATALOGUE)
    .filter((e) => e.writeBack === 'application')
    .map((e) => [e.kind, cacheApplication]),
);

/** A handler kept out of the first download: loaded before the op's write-back transaction opens. */
export type LazyResultHandler = { load: () => Promise<ResultHandler | undefined> };
/** What the engine's `onResult` takes: handlers by op kind, some loaded on demand (src/app/result-handlers.ts). */
export type ResultHandlerMap = Record<string, ResultHandler | LazyResultHandler>;

/** The handler for a kind, loading its module first if needed: call before the write-back transaction opens. */
export async function resolveHandler(kind: string, handlers: ResultHandlerMap): Promise<ResultHandler | undefined> {
  const handler = handlers[kind];
  return typeof handler === 'object' ? handler.load() : handler;
}

/**
 * REQ-REJ-1: a submit answered with approval_checks REJECTED stores the reasons. The engine parks such an op
 * (nothing after it should go) and calls this so the phone's copy knows, and the screens open the rejection page.
 */
export async function cacheRejection({ db, op, result, now }: ResultContext) {
  const parsed = v.safeParse(APPLICATION_ANSWER, result);
  const checks = parsed.success ? parsed.output.data.approval_checks : undefined;
  if (!op.appId || checks?.decision !== 'REJECTED') return;
  const reasons = Array.isArray(checks.reasons) ? checks.reasons.filter((r): r is string => typeof r === 'string') : [];
  await patchCachedApplication(db, op.appId, () => ({ approval_checks: checks, rejection_reason: reasons.join(', ') }), now);
}
