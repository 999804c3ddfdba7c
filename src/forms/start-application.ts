// Creating an application offline: a client-generated id, the create op and an optimistic record, in one transaction.
import type { BorrowerStartForm } from '../../contracts/application-start';
import { cacheRecords } from '../db/records';
import type { UserDb } from '../db/user-db';
import { newApplicationId } from '../lib/ids';
import { enqueue } from '../sync/enqueue';
import { OP_KINDS } from '../sync/op-kinds';

export const START_DRAFT_KEY = 'new|mobile|0';
export const CREATE_KIND = OP_KINDS.create;

export async function startApplication(db: UserDb, form: BorrowerStartForm, now = Date.now()): Promise<string> {
  const id = newApplicationId();
  const data = { id, phone: form.phone, name: form.name, status: 'DRAFT', stages: [] as string[], created_at: new Date(now).toISOString() };
  await enqueue(
    db,
    { appId: id, kind: CREATE_KIND, method: 'PUT', path: `/v1/app/mfi/${id}`, body: { phone: form.phone, name: form.name }, label: `New application: ${form.name}` },
    { draftKeyToClear: START_DRAFT_KEY, alsoWrite: (tx) => cacheRecords(tx, 'applications', [{ id, appId: id, data }], now) },
    now,
  );
  return id;
}
