import type { ApprovalChecks } from '../../contracts/kyc';
import { ApiError } from '../api-error';
import type { AppRow } from './application-store';

// A REJECTED approval decision is final for the application (REQ-REJ-1): the step that was rejected
// answers the stored rejection again, and every later step refuses to go on.

export const REJECTED_MSG = 'Application Rejected!';

/** The stored approval_checks when they say REJECTED, else null. */
export function storedRejection(row: Pick<AppRow, 'data'>): ApprovalChecks | null {
  const checks = row.data.approval_checks as ApprovalChecks | undefined;
  return checks && typeof checks === 'object' && checks.decision === 'REJECTED' ? checks : null;
}

/**
 * For the step routes after KYC: a rejected application → 409 'Application Rejected!' with the stored decision in
 * `data` (`{ approval_checks, rejection_reason }`), so the client can show the rejection screen.
 */
export function assertNotRejected(row: Pick<AppRow, 'data'>): void {
  const checks = storedRejection(row);
  if (checks)
    throw new ApiError(409, REJECTED_MSG, { data: { approval_checks: checks, rejection_reason: row.data.rejection_reason ?? null } });
}
