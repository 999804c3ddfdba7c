import { isDeepStrictEqual } from 'node:util';
import { BorrowerFields, BorrowerInfo } from '../../contracts/borrower';
import { VERIFY_SERVER_MSG } from '../../contracts/verification';
import { ApiError } from '../api-error';
import type { Caller, Deps } from '../app-env';
import { validate, withSchemaKeys } from '../respond';
import { assertMayReach } from './application-access';
import { type AppRow, isPhoneVerified, trackerId, verifiedName } from './application-store';
import { openForWrite, writeApplication } from './application-writes';
import { heldIdentityPatch } from './identity-change';
import { withNameDeviation, withServerStatus } from './name-deviation';
import { rebureauOnIdentityChange } from './sanction-gate';
import { addStage } from './stages';

const norm = (x: unknown) => (typeof x === 'string' ? x.trim().toUpperCase() : '');

/**
 * The borrower form's submit (PUT /v1/app/mfi/{id} with terms_accepted): REQ-BORR-1 rules, then the
 * verification gate (the PAN, voter id and mobile submitted are the ones this server verified for the
 * application), then the fields merge into the record and the BORROWER_INFO marker is added.
 * A resubmit of the same fields changes nothing and writes no event.
 */
export async function submitBorrower(deps: Deps, caller: Caller, id: string, body: Record<string, unknown>): Promise<AppRow> {
  // The full Aadhaar number is never stored (REQ-OFF-11); the schema keeps only aadhaar_last4 anyway.
  const { aadhaar: _dropped, ...rest } = body;
  const borrower = validate(BorrowerInfo, withSchemaKeys(BorrowerFields.entries, rest));
  const { phone, ...fields } = borrower;
  const now = deps.config.now();

  return deps.db.tx(async (q) => {
    // Create when missing (the client makes ids), so a submit queued before its create still lands; the gate
    // below refuses it anyway until the checks of this application are recorded, and the refusal rolls the insert back.
    // A guest never creates: its application was made by its OTP (server/services/public-otp.ts).
    assertMayReach(caller, id);
    if (caller.kind === 'staff')
      await q.query(
        // The application belongs to its creating officer's branch (server/services/staff-scope.ts).
        `INSERT INTO applications (id, tenant_id, owner_user_id, phone, data, tracker_id, created_at, updated_at, branch_id)
       VALUES ($1,$2,$3,$4,'{}'::jsonb,$5,$6::timestamptz,$6::timestamptz,
         (SELECT branch_id FROM users WHERE tenant_id=$2 AND id=$3)) ON CONFLICT (tenant_id, id) DO NOTHING`,
        [id, caller.tenantId, caller.userId, phone, trackerId(), now.toISOString()],
      );
    const { app: row } = await openForWrite(q, caller, id, 'borrower.submit');

    // Membership in the per-value maps: a co-applicant's PAN checked later does not undo the borrower's.
    const panName = verifiedName(row.data, 'pan', fields.pan);
    const voterName = verifiedName(row.data, 'voter_id', fields.voter_id);
    const verified = panName !== undefined && voterName !== undefined && row.phone === phone && isPhoneVerified(row);
    if (!verified) throw new ApiError(409, VERIFY_SERVER_MSG.notVerified);

    // The consent names the caller as its officer and when the server received it (the phone's time stays as given_at).
    if (fields.consent) {
      const before = row.data.consent as { given_at?: string; received_at?: string } | undefined;
      const same = before?.given_at === fields.consent.given_at && typeof before?.received_at === 'string';
      (fields as Record<string, unknown>).consent = {
        ...fields.consent,
        officer_id: caller.userId,
        received_at: same ? before.received_at : now.toISOString(),
      };
    }
    const deviations = withNameDeviation(fields.deviations ?? [], [
      { value: panName, source: 'PAN' },
      { value: voterName, source: 'VOTER_ID' },
      { value: fields.name, source: 'INPUT' },
    ]);
    // Only the server's own deviation is kept; matching names clear one stored before.
    // A decision on these names was made for the stored PAN's person: another PAN starts PENDING again.
    const samePerson = norm(row.data.pan) === norm(fields.pan);
    if (deviations.length) fields.deviations = withServerStatus(deviations, row.data.deviations, samePerson);
    else if (Array.isArray(row.data.deviations) && row.data.deviations.length) fields.deviations = [];
    else delete fields.deviations;
    // A PAN or voter id changed after the KYC step's decision goes through the bureau again (a rejection takes the
    // application to the rejection flow, as the KYC step does); the old decision never stands for the new identity.
    // After the hand-over a change of who borrows, or of the loan, is held for a second person (contracts/identity-change.ts).
    const data: Record<string, unknown> = {
      ...fields,
      ...rebureauOnIdentityChange(row.data, fields, now),
      ...heldIdentityPatch(row, fields),
    };
    const stages = addStage(row.stages, 'BORROWER_INFO');
    const unchanged = stages.length === row.stages.length && Object.entries(data).every(([k, v]) => isDeepStrictEqual(row.data[k], v));
    if (unchanged) return row;

    return writeApplication(q, row, { data, stages, event: { kind: 'borrower_info', body: fields } }, now);
  });
}
