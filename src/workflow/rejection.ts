// Rejection (REQ-REJ-1, REQ-REJ-2): which answers are a rejection, and how its reasons read on the rejection page.
import type { ApprovalChecks } from '../../contracts/kyc';
import { msg } from '../../contracts/msg';
import { t } from '../i18n';
import { formatRupees } from '../lib/format';

/** Both spellings appear in the specification; this one is shown (through t() where it is shown). */
export const REJECTED_TOAST = msg('Application Rejected!');

const checksOf = (result: unknown) =>
  (result as { data?: { approval_checks?: Partial<ApprovalChecks> } } | null | undefined)?.data?.approval_checks;

export const isRejected = (result: unknown) => checksOf(result)?.decision === 'REJECTED';

/** The bureau's reason codes in words (underscores as spaces); a code the phone does not know reads the same way. */
const REASON_WORDS: Record<string, string> = {
  OVERDUE_AMOUNT_PRESENT: msg('OVERDUE AMOUNT PRESENT'),
  AGE_CRITERIA_NOT_MET: msg('AGE CRITERIA NOT MET'),
  LOAN_AMOUNT_OUT_OF_RANGE: msg('LOAN AMOUNT OUT OF RANGE'),
};
export const reasonWords = (code: string) => t(REASON_WORDS[code] ?? code.replace(/_/g, ' '));

/** One line per reason code, underscores turned into spaces; OVERDUE_AMOUNT_PRESENT also says the amount in ₹. */
export function rejectionLines(checks: Partial<ApprovalChecks> | undefined): string[] {
  const reasons = Array.isArray(checks?.reasons) ? checks.reasons : [];
  return reasons.map((code) => {
    const text = reasonWords(code);
    const overdue = checks?.check_values?.overdue_amount;
    return code === 'OVERDUE_AMOUNT_PRESENT' && typeof overdue === 'number' ? `${text}: ${formatRupees(overdue)}` : text;
  });
}
