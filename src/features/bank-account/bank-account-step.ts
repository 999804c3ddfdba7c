// The bank account submit: one call for the initiating officer (POST), another for other roles (PATCH),
// behind the bank check when it is still queued; the answer is the application.
import type { BankAccountInfo } from '../../../contracts/bank-account';
import { draftKey } from '../../db/drafts';
import { patchCachedApplication } from '../../db/records';
import type { UserDb } from '../../db/user-db';
import { fileRef } from '../../sync/dependency';
import { enqueue } from '../../sync/enqueue';
import { pendingCheckOps } from '../../ops/verification-ops';
import { OP_CATALOGUE } from '../../sync/op-catalogue';
import { msg } from '../../../contracts/msg';

export const BANK_KIND = OP_CATALOGUE.bankAccount.kind;
export const bankDraftKey = (appId: string) => draftKey(appId, 'bank-account');

export async function submitBankAccount(db: UserDb, appId: string, info: BankAccountInfo, initiating: boolean, now = Date.now()) {
  const ops = await db.outbox.where('appId').equals(appId).toArray();
  return enqueue(
    db,
    OP_CATALOGUE.bankAccount,
    {
      appId,
      at: { appId },
      method: initiating ? 'POST' : 'PATCH',
      body: { ...info, bank_proof: fileRef(info.bank_proof) },
      dependsOn: pendingCheckOps(ops, appId),
      label: `${msg('Bank account')}: ${info.bank_name}`,
    },
    {
      draftKeyToClear: bankDraftKey(appId),
      resubmit: true,
      alsoWrite: (tx) => patchCachedApplication(tx, appId, () => ({ bank_submitted_at: new Date(now).toISOString() }), now),
    },
    now,
  );
}
