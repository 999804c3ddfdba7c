// The server's co-applicants of an application, fetched when online into the phone's cache. Records of saves still
// queued on this phone (local ids, or updates waiting) keep their local copy.
import { patchRecord } from '../../db/records';
import { refreshRecords } from '../../ops/record-step';
import type { UserDb } from '../../db/user-db';
import { CO_STEP } from '../../ops/co-applicant-ops';
import { coApplicantHardcheck } from '../../api/applications/co-applicant-hardcheck';

export const refreshCoApplicants = (db: UserDb, appId: string) => refreshRecords(db, CO_STEP, appId, `/v1/app/mfi/${appId}/co-applicant`);

/** REQ-COAP-4 bureau re-check of a co-applicant (online); the answer's decision is written to the cached record. */
export async function bureauCheck(db: UserDb, appId: string, coId: string): Promise<string> {
  const res = await coApplicantHardcheck(appId, coId);
  const status = res.data.decision === 'APPROVED' ? 'APPROVED' : 'REJECTED';
  await patchRecord(db, 'coApplicants', coId, { status, approval_checks: res.data.approval_checks });
  return res.data.decision;
}
