import { isDeepStrictEqual } from 'node:util';
import { KycInfo } from '../../contracts/kyc';
import { ApiError } from '../api-error';
import type { Caller, Deps } from '../app-env';
import type { Queryable } from '../db/db';
import { validate, withSchemaKeys } from '../respond';
import type { AppRow } from './application-store';
import { openForWrite, writeApplication } from './application-writes';
import { storedRejection } from './rejection';
import { borrowerBureau } from './sanction-gate';
import { assertStoredIdentityVerified } from './draft-identity';
import { addStage } from './stages';

export const KYC_SERVER_MSG = {
  borrowerFirst: 'Submit the borrower information before the KYC details',
  fileNotFound: 'File not found for this application',
} as const;

/** The KycInfo fields that are file ids; each must be an upload of this tenant for this application. */
export const KYC_FILE_FIELDS = ['photo_file', 'pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file'] as const;

/** Every id must be a `files` row of this tenant uploaded for this application, else 400 (KYC and co-applicants). */
export async function assertFilesOfApplication(q: Queryable, tenantId: string, applicationId: string, ids: readonly string[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const params = wanted.map((_, i) => `$${i + 3}`).join(',');
  const found = await q.query<{ id: string }>(`SELECT id FROM files WHERE tenant_id=$1 AND application_id=$2 AND id IN (${params})`, [
    tenantId,
    applicationId,
    ...wanted,
  ]);
  const have = new Set(found.map((r) => r.id));
  if (wanted.some((id) => !have.has(id))) throw new ApiError(400, KYC_SERVER_MSG.fileNotFound);
}

/**
 * The KYC ('Borrowers Info') step: PATCH /v1/app/mfi/{id}/basic-info. In order: KycInfo (first message → 400); the
 * application of the tenant (404) owned by the caller (403); an application already REJECTED answers its stored
 * rejection again, unchanged; BORROWER_INFO must be present (409); every file id must be an upload of this tenant for
 * this application (400); then the approval rules run over the stored borrower, and the fields, `approval_checks`
 * (and on REJECTED `rejection_reason`) merge into `data`, BORROWER_BASIC_INFO is added (on REJECTED too: the step was
 * submitted; the status stays DRAFT) and one `basic_info` event is written. A resubmit that changes nothing writes nothing.
 */
export async function submitKyc(deps: Deps, caller: Caller, id: string, body: Record<string, unknown>): Promise<AppRow> {
  // A missing field answers its own REQ-KYC-1 message ('Please upload photo').
  const fields = validate(KycInfo, withSchemaKeys(KycInfo.entries, body));
  const now = deps.config.now();

  return deps.db.tx(async (q) => {
    const { app: row } = await openForWrite(q, caller, id, 'kyc.submit');
    if (storedRejection(row)) return row;
    if (!row.stages.includes('BORROWER_INFO')) throw new ApiError(409, KYC_SERVER_MSG.borrowerFirst);
    // The bureau runs on the stored PAN and voter id: only ones verified for this application.
    assertStoredIdentityVerified(row);
    await assertFilesOfApplication(
      q,
      caller.tenantId,
      id,
      KYC_FILE_FIELDS.map((k) => fields[k]),
    );

    // Stamped with the PAN and voter id it was made for: a later change of either runs the bureau again.
    const checks = borrowerBureau(row.data, now);
    const merged: Record<string, unknown> = { ...fields, approval_checks: checks };
    if (checks.decision === 'REJECTED') merged.rejection_reason = checks.reasons.join(', ');
    const stages = addStage(row.stages, 'BORROWER_BASIC_INFO');
    const unchanged = stages.length === row.stages.length && Object.entries(merged).every(([k, v]) => isDeepStrictEqual(row.data[k], v));
    if (unchanged) return row;

    return writeApplication(
      q,
      row,
      {
        data: merged,
        stages,
        event: { kind: 'basic_info', body: { ...fields, approval_checks: { decision: checks.decision, reasons: checks.reasons } } },
      },
      now,
    );
  });
}
