// The approval rules (docs/workflow.md "Approval rules"): bureau fixture, age 21–60, product amount range.
import { describe, expect, it } from 'vitest';
import { type ApprovalInput, approvalChecks, coApplicantChecks } from './approval-rules';

const TODAY = new Date('2025-06-20T12:00:00+05:30'); // 20 June 2025 in India, the day ageFromDmy counts on
const ok: ApprovalInput = {
  pan: 'ABCDE1234F',
  dob: '15-08-1985',
  age: 39,
  loan_type: 'MFI_BUSINESS_LOAN',
  amount_requested: 100_000,
  tenure_requested: 12,
};

describe('approvalChecks', () => {
  it.each<[string, Partial<ApprovalInput>, 'APPROVED' | 'REJECTED', string[]]>([
    ['a fixture borrower in range', {}, 'APPROVED', []],
    ['another well-formed PAN', { pan: 'AAAAA9999A' }, 'APPROVED', []],
    ['BADCR1234D (bureau: overdue)', { pan: 'BADCR1234D' }, 'REJECTED', ['OVERDUE_AMOUNT_PRESENT']],
    ['BADCR1234D in lower case', { pan: 'badcr1234d' }, 'REJECTED', ['OVERDUE_AMOUNT_PRESENT']],
    ['PAN named like an object key', { pan: 'constructor' }, 'APPROVED', []],
    ['age 21 exactly (dob)', { dob: '20-06-2004', age: 21 }, 'APPROVED', []],
    ['age 20 (dob: birthday tomorrow)', { dob: '21-06-2004', age: 21 }, 'REJECTED', ['AGE_CRITERIA_NOT_MET']],
    ['age 60 exactly', { dob: '20-06-1965', age: 60 }, 'APPROVED', []],
    ['age 61 (dob)', { dob: '19-06-1964', age: 60 }, 'REJECTED', ['AGE_CRITERIA_NOT_MET']],
    ['age field 61, no dob', { dob: undefined, age: 61 }, 'REJECTED', ['AGE_CRITERIA_NOT_MET']],
    ['age field 20, no dob', { dob: undefined, age: 20 }, 'REJECTED', ['AGE_CRITERIA_NOT_MET']],
    ['age field only, in range', { dob: undefined, age: 45 }, 'APPROVED', []],
    ['no readable age', { dob: '31-02-1990', age: undefined }, 'REJECTED', ['AGE_CRITERIA_NOT_MET']],
    ['MFI minimum 75,000', { amount_requested: 75_000 }, 'APPROVED', []],
    ['MFI maximum 1,25,000', { amount_requested: 125_000 }, 'APPROVED', []],
    ['MFI 74,999', { amount_requested: 74_999 }, 'REJECTED', ['LOAN_AMOUNT_OUT_OF_RANGE']],
    ['MFI 1,25,001', { amount_requested: 125_001 }, 'REJECTED', ['LOAN_AMOUNT_OUT_OF_RANGE']],
    ['unsecured 5,00,000', { loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 500_000, tenure_requested: 36 }, 'APPROVED', []],
    ['unsecured 99,999', { loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 99_999 }, 'REJECTED', ['LOAN_AMOUNT_OUT_OF_RANGE']],
    ['unsecured 5,00,001', { loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 500_001 }, 'REJECTED', ['LOAN_AMOUNT_OUT_OF_RANGE']],
    ['unknown loan type', { loan_type: 'GOLD_LOAN' }, 'REJECTED', ['LOAN_AMOUNT_OUT_OF_RANGE']],
    ['amount as text', { amount_requested: '100000' }, 'REJECTED', ['LOAN_AMOUNT_OUT_OF_RANGE']],
    [
      'every rule at once',
      { pan: 'BADCR1234D', dob: '01-01-1950', age: 75, amount_requested: 10 },
      'REJECTED',
      ['OVERDUE_AMOUNT_PRESENT', 'AGE_CRITERIA_NOT_MET', 'LOAN_AMOUNT_OUT_OF_RANGE'],
    ],
  ])('%s → %s %j', (_name, over, decision, reasons) => {
    const r = approvalChecks({ ...ok, ...over }, TODAY);
    expect(r.decision).toBe(decision);
    expect(r.reasons).toEqual(reasons);
  });

  it('BADCR1234D carries the fixture overdue amount 15432.5; others 0', () => {
    expect(approvalChecks({ ...ok, pan: 'BADCR1234D' }, TODAY).check_values.overdue_amount).toBe(15432.5);
    expect(approvalChecks(ok, TODAY).check_values.overdue_amount).toBe(0);
  });

  it('reports the values it judged', () => {
    expect(approvalChecks(ok, TODAY).check_values).toEqual({
      overdue_amount: 0,
      age: 39,
      amount_requested: 100_000,
      min_amount: 75_000,
      max_amount: 125_000,
      tenure_requested: 12,
    });
    expect(
      approvalChecks({ ...ok, loan_type: 'X', amount_requested: null, dob: undefined, age: undefined }, TODAY).check_values,
    ).toMatchObject({
      age: null,
      amount_requested: null,
      min_amount: null,
      max_amount: null,
    });
  });
});

describe('coApplicantChecks (bureau fixture, age 18–65, no loan rule)', () => {
  it.each<[string, Partial<ApprovalInput>, 'APPROVED' | 'REJECTED', string[]]>([
    ['a co-applicant in range', { pan: 'PQRSX5678K', dob: '15-08-1985', age: 39 }, 'APPROVED', []],
    ['BADCR1234D', { pan: 'BADCR1234D', dob: '15-08-1985' }, 'REJECTED', ['OVERDUE_AMOUNT_PRESENT']],
    ['18 exactly (a borrower could not be)', { pan: 'PQRSX5678K', dob: '20-06-2007' }, 'APPROVED', []],
    ['17 (birthday tomorrow)', { pan: 'PQRSX5678K', dob: '21-06-2007' }, 'REJECTED', ['AGE_CRITERIA_NOT_MET']],
    ['65 exactly', { pan: 'PQRSX5678K', dob: '20-06-1960' }, 'APPROVED', []],
    ['66', { pan: 'PQRSX5678K', dob: '19-06-1959' }, 'REJECTED', ['AGE_CRITERIA_NOT_MET']],
    ['age field 70 beside a dob in range', { pan: 'PQRSX5678K', dob: '15-08-1985', age: 70 }, 'REJECTED', ['AGE_CRITERIA_NOT_MET']],
    ['no readable age', { pan: 'PQRSX5678K', dob: 'x' }, 'REJECTED', ['AGE_CRITERIA_NOT_MET']],
  ])('%s → %s %j', (_name, input, decision, reasons) => {
    const r = coApplicantChecks(input, TODAY);
    expect(r).toMatchObject({ decision, rejected: decision === 'REJECTED', reasons });
  });

  it('reports the overdue amount and the age', () => {
    expect(coApplicantChecks({ pan: 'BADCR1234D', dob: '15-08-1985' }, TODAY).check_values).toEqual({ overdue_amount: 15432.5, age: 39 });
    expect(coApplicantChecks({ pan: 'PQRSX5678K', dob: '15-08-1985' }, TODAY).check_values).toEqual({ overdue_amount: 0, age: 39 });
  });
});
