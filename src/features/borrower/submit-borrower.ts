// The borrower submit: one PUT behind the checks it needs, the draft cleared and the phone's copy updated together.
import type { BorrowerInfo } from '../../../contracts/borrower';
import { draftKey } from '../../db/drafts';
import { patchCachedApplication } from '../../db/records';
import type { UserDb } from '../../db/user-db';
import { enqueue } from '../../sync/outbox';
import { pendingCheckOps } from './verification-ops';

export const BORROWER_STEP = 'borrower';
export const borrowerDraftKey = (appId: string) => draftKey(appId, BORROWER_STEP);

export async function submitBorrower(db: UserDb, appId: string, info: BorrowerInfo, now = Date.now()) {
  const waitFor = pendingCheckOps(await db.outbox.toArray(), appId);
  return enqueue(
    db,
    { appId, kind: 'application.borrower', method: 'PUT', path: `/v1/app/mfi/${appId}`, body: info, dependsOn: waitFor, label: `Borrower details: ${info.name}` },
    { draftKeyToClear: borrowerDraftKey(appId), alsoWrite: (tx) => patchCachedApplication(tx, appId, () => ({ ...info, borrower_submitted_at: new Date(now).toISOString() }), now) },
    now,
  );
}
