// Rejection (REQ-REJ-1, REQ-REJ-2): which answers are a rejection, and how its reasons read on the rejection page.
import type { ApprovalChecks } from '../../contracts/kyc';
import { msg } from '../../contracts/msg';
import { formatRupees } from '../lib/format';

/** Both spellings appear in the specification; this one is shown (through t() where it is shown). */
export const REJECTED_TOAST = msg('Application Rejected!');

const checksOf = (result: unknown) =>
  (result as { data?: { approval_checks?: Partial<ApprovalChecks> } } | null | undefined)?.data?.approval_checks;

export const isRejected = (result: unknown) => checksOf(result)?.decision === 'REJECTED';

/** One line per reason code, underscores turned into spaces; OVERDUE_AMOUNT_PRESENT also says the amount in ₹. */
export function rejectionLines(checks: Partial<ApprovalChecks> | undefined): string[] {
  const reasons = Array.isArray(checks?.reasons) ? checks.reasons : [];
  return reasons.map((code) => {
    const text = code.replace(/_/g, ' ');
    const overdue = checks?.check_values?.overdue_amount;
    return code === 'OVERDUE_AMOUNT_PRESENT' && typeof overdue === 'number' ? `${text}: ${formatRupees(overdue)}` : text;
  });
}
