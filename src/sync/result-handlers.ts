// Default write-backs of server answers into the cache, by op kind. They run inside the op's "done" transaction.
import { cacheRecords } from '../db/records';
import type { OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';
import { VERIFICATION_RESULT_HANDLERS } from '../features/borrower/verification-ops';

export type ResultContext = { db: UserDb; op: OutboxOp; result: unknown; now: number };
export type ResultHandler = (ctx: ResultContext) => Promise<void> | void;
export type ResultHandlers = Record<string, ResultHandler>;

const dataOf = (result: unknown) => (result as { data?: unknown } | null)?.data;

async function cacheApplication({ db, op, result, now }: ResultContext) {
  const data = dataOf(result) as { id?: string } | undefined;
  if (data && typeof data.id === 'string') await cacheRecords(db, 'applications', [{ id: data.id, appId: data.id, data }], now);
  else if (op.appId) await db.applications.update(op.appId, { syncedAt: now });
}

export const DEFAULT_RESULT_HANDLERS: ResultHandlers = {
  'application.create': cacheApplication,
  'application.update': cacheApplication,
  'application.borrower': cacheApplication,
  ...VERIFICATION_RESULT_HANDLERS,
};
