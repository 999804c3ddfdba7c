// The borrower submit: one PUT behind the checks it needs, the draft cleared and the phone's copy updated together.
import type { BorrowerInfo } from '../../../contracts/borrower';
import { draftKey } from '../../db/drafts';
import { patchCachedApplication } from '../../db/records';
import type { UserDb } from '../../db/user-db';
import { enqueue } from '../../sync/enqueue';
import { pendingCheckOps } from '../../ops/verification-ops';
import { OP_CATALOGUE } from '../../sync/op-catalogue';
import { msg } from '../../../contracts/msg';

export const BORROWER_STEP = 'borrower';
export const borrowerDraftKey = (appId: string) => draftKey(appId, BORROWER_STEP);

export const BORROWER_KIND = OP_CATALOGUE.borrower.kind;

/** Queues the borrower PUT; submitted again (say after a refusal), it takes the place of the earlier unsent one. */
export async function submitBorrower(db: UserDb, appId: string, info: BorrowerInfo, now = Date.now()) {
  const ops = await db.outbox.where('appId').equals(appId).toArray();
  const waitFor = pendingCheckOps(ops, appId);
  return enqueue(
    db,
    OP_CATALOGUE.borrower,
    {
      appId,
      at: { appId },
      body: info,
      dependsOn: waitFor,
      label: `${msg('Borrower details')}: ${info.name}`,
    },
    {
      draftKeyToClear: borrowerDraftKey(appId),
      resubmit: true,
      alsoWrite: (tx) => patchCachedApplication(tx, appId, () => ({ ...info, borrower_submitted_at: new Date(now).toISOString() }), now),
    },
    now,
  );
}
