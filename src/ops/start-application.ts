// Creating an application offline: a client-generated id, the create op and an optimistic record, in one transaction.
import type { BorrowerStartForm } from '../../contracts/application-start';
import { cacheRecords } from '../db/records';
import type { UserDb } from '../db/user-db';
import { whileBusy } from '../lib/busy-store';
import { newApplicationId } from '../lib/ids';
import { enqueue } from '../sync/enqueue';
import { OP_CATALOGUE } from '../sync/op-catalogue';
import { waitForOp } from '../sync/wait-for-op';
import { msg } from '../../contracts/msg';

export const START_DRAFT_KEY = 'new|mobile|0';
export const CREATE_KIND = OP_CATALOGUE.create.kind;

export async function startApplication(db: UserDb, form: BorrowerStartForm, now = Date.now()): Promise<string> {
  const id = newApplicationId();
  const data = { id, phone: form.phone, name: form.name, status: 'DRAFT', stages: [] as string[], created_at: new Date(now).toISOString() };
  await enqueue(
    db,
    OP_CATALOGUE.create,
    {
      appId: id,
      at: { appId: id },
      body: { phone: form.phone, name: form.name },
      label: `${msg('New application')}: ${form.name}`,
    },
    { draftKeyToClear: START_DRAFT_KEY, alsoWrite: (tx) => cacheRecords(tx, 'applications', [{ id, appId: id, data }], now) },
    now,
  );
  return id;
}

/** Said when a check that names the application (an OTP) comes before the server has it. */
export const NOT_ON_SERVER_YET = msg('The application has not reached the server yet. Try again in a moment.');

/**
 * The OTP checks name the application, which the server must already hold (else 'Application not found'). A
 * press of Verify right after 'Save and continue' waits for this phone's create of it (behind the loading overlay, at
 * most `waitMs`); null when the server has it, else what to say.
 */
export async function createAnswered(db: UserDb, appId: string, waitMs = 15_000): Promise<string | null> {
  const creates = await db.outbox
    .where('appId')
    .equals(appId)
    .filter((o) => o.kind === CREATE_KIND && o.state !== 'done')
    .toArray();
  for (const c of creates) {
    const op = await whileBusy(waitForOp(db, c.id, waitMs));
    if (op && op.state === 'needs-attention') return op.lastError?.message ?? NOT_ON_SERVER_YET;
    if (op && op.state !== 'done') return NOT_ON_SERVER_YET;
  }
  return null;
}
