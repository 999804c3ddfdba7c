import { describe, expect, it } from 'vitest';
import { isRejected, rejectionLines } from './rejection';

describe('rejection page (REQ-REJ-2)', () => {
  it.each([
    [{ reasons: ['OVERDUE_AMOUNT_PRESENT'], check_values: { overdue_amount: 15432.5 } }, ['OVERDUE AMOUNT PRESENT: ₹15,432.50']],
    [{ reasons: ['OVERDUE_AMOUNT_PRESENT'], check_values: { overdue_amount: 1234567 } }, ['OVERDUE AMOUNT PRESENT: ₹12,34,567.00']],
    [{ reasons: ['AGE_CRITERIA_NOT_MET', 'LOAN_AMOUNT_OUT_OF_RANGE'] }, ['AGE CRITERIA NOT MET', 'LOAN AMOUNT OUT OF RANGE']],
    [{ reasons: ['OVERDUE_AMOUNT_PRESENT'] }, ['OVERDUE AMOUNT PRESENT']],
    [undefined, []],
  ] as const)('%j → %j', (checks, lines) => expect(rejectionLines(checks as never)).toEqual(lines));

  it('knows a rejection only by approval_checks.decision REJECTED', () => {
    expect(isRejected({ data: { approval_checks: { decision: 'REJECTED', reasons: [] } } })).toBe(true);
    expect(isRejected({ data: { approval_checks: { decision: 'APPROVED', reasons: [] } } })).toBe(false);
    expect(isRejected({ success: false, message: 'Rejected' })).toBe(false);
    expect(isRejected(null)).toBe(false);
  });
});
