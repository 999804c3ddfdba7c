// The borrower's gate (src/db/outbox-gates.ts): the steps the server takes only after the borrower submit, and whether
// an application's borrower submit is still missing on this phone (the mobile OTP is not done yet).
import type { UserDb } from '../db/user-db';
import { OP_CATALOGUE } from './op-catalogue';

/** The steps the server takes only after the borrower submit (which needs the mobile OTP first). */
export const BEHIND_BORROWER: ReadonlySet<string> = new Set([
  OP_CATALOGUE.kyc.kind,
  OP_CATALOGUE.business.kind,
  OP_CATALOGUE.bankAccount.kind,
  OP_CATALOGUE.employment.kind,
  OP_CATALOGUE.coApplicantSave.kind,
  OP_CATALOGUE.familySave.kind,
]);

/**
 * True while the application's borrower form is neither on the server nor queued on this phone. An application the
 * phone does not hold whole says nothing (false): it waits for nothing, as before.
 */
export async function waitsForBorrower(db: UserDb, appId: string): Promise<boolean> {
  const data = (await db.applications.get(appId))?.data;
  if (!data || data.partial || data.stages?.includes('BORROWER_INFO') || 'borrower_submitted_at' in data) return false;
  return (
    (await db.outbox
      .where('appId')
      .equals(appId)
      .filter((o) => o.kind === OP_CATALOGUE.borrower.kind)
      .count()) === 0
  );
}
