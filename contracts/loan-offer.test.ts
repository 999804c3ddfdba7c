import { describe, expect, it } from 'vitest';
import { firstIssue } from './borrower';
import {
  breScore,
  EmiStartDateRequest,
  emi,
  emiStartDate,
  initialOffer,
  LOAN_OFFER_MSG,
  LoanOfferUpdate,
  maxTenureFor,
  offerRangeIssue,
  offerTerms,
} from './loan-offer';

describe('emi (reducing balance, 2 decimals)', () => {
  // Worked: r = 0.02, (1.02)^12 = 1.268241795, 100000 × 0.02 × 1.268241795 / 0.268241795 = 9455.96 (not 9456.00).
  const CASES: [number, number, number, number][] = [
    [100000, 24, 12, 9455.96],
    [100000, 21, 12, 9311.38],
    [125000, 24, 24, 6608.89],
    [75000, 24, 18, 5002.66],
    [500000, 21, 36, 18837.53],
    [120000, 0, 12, 10000],
    [0, 24, 12, 0],
  ];
  it.each(CASES)('emi(%d, %d %%, %d) = %d', (p, rate, n, want) => expect(emi(p, rate, n)).toBe(want));
  it('no months → 0', () => expect(emi(100000, 24, 0)).toBe(0));
  it('a rate so small that (1 + r)^n rounds to 1 is 0 %: a finite EMI, not Infinity', () => expect(emi(100000, 1e-300, 12)).toBe(8333.33));
});

describe('emiStartDate (5th of next month; after the 20th, 5th of the month after next)', () => {
  const CASES: [string, string | null][] = [
    ['01-03-2026', '05-04-2026'],
    ['20-03-2026', '05-04-2026'],
    ['21-03-2026', '05-05-2026'],
    ['31-12-2026', '05-02-2027'],
    ['15-12-2026', '05-01-2027'],
    ['25-11-2026', '05-01-2027'],
    ['29-02-2028', '05-04-2028'],
    ['31-02-2026', null],
    ['2026-03-01', null],
  ];
  it.each(CASES)('%s → %s', (d, want) => expect(emiStartDate(d)).toBe(want));
});

describe('BRE score, tenure band, fees, initial offer', () => {
  it('the score is deterministic from the PAN, 650..849, case-insensitive', () => {
    expect(breScore('ABCDE1234F')).toBe(656);
    expect(breScore('abcde1234f')).toBe(656);
    expect(breScore('BADCR1234D')).toBe(761);
    for (const pan of ['AAAAA1111A', 'ZZZZZ9999Z', 'PQRSX5678K']) expect(breScore(pan)).toBeGreaterThanOrEqual(650);
  });
  it('max tenure: the product maximum from 750, else the second-longest option', () => {
    expect(maxTenureFor('MFI_BUSINESS_LOAN', 750)).toBe(24);
    expect(maxTenureFor('MFI_BUSINESS_LOAN', 749)).toBe(18);
    expect(maxTenureFor('UNSECURED_BUSINESS_LOAN', 800)).toBe(36);
    expect(maxTenureFor('UNSECURED_BUSINESS_LOAN', 650)).toBe(30);
  });
  it('fees: MFI 1 % + 18 % GST and 0.5 % insurance; unsecured 2 % + GST and 0.75 %', () => {
    expect(offerTerms('MFI_BUSINESS_LOAN', 100000, 12)).toEqual({
      interest_rate: 24,
      final_suggested_emi: 9455.96,
      total_processing_fee_amount: 1180,
      insurance_fee: 500,
    });
    expect(offerTerms('UNSECURED_BUSINESS_LOAN', 250000, 24)).toMatchObject({
      interest_rate: 21,
      total_processing_fee_amount: 5900,
      insurance_fee: 1875,
    });
  });
  it('the initial offer clamps the amount and starts EMIs by the rule', () => {
    const o = initialOffer({ loanType: 'MFI_BUSINESS_LOAN', amountRequested: 200000, pan: 'ABCDE1234F', today: '22-11-2026' });
    expect(o).toMatchObject({
      bre_score: 656,
      decision: 'APPROVED',
      final_suggested_loan_amount: 125000,
      risk_category_and_loan_type_wise_max_tenure: 18,
      disbursement_date: '22-11-2026',
      emi_start_date: '05-01-2027',
      is_accepted: false,
      final_suggested_emi: emi(125000, 24, 18),
    });
  });
  it("ranges: the borrower contract's messages", () => {
    expect(offerRangeIssue('MFI_BUSINESS_LOAN', 70000, 12)).toMatch(/^Loan amount must be between/);
    expect(offerRangeIssue('MFI_BUSINESS_LOAN', 100000, 36)).toBe('Loan tenure must be between 12 and 24 months');
    expect(offerRangeIssue('UNSECURED_BUSINESS_LOAN', 500000, 36)).toBeNull();
  });
});

describe('request bodies', () => {
  const ID = 'a'.repeat(32);
  const info = {
    final_suggested_loan_amount: '100000',
    risk_category_and_loan_type_wise_max_tenure: 12,
    disbursement_date: '01-12-2026',
    emi_start_date: '05-01-2027',
  };
  it('update: valid; numbers as text; a bad date, tenure or id', () => {
    expect(firstIssue(LoanOfferUpdate, { application_id: ID, updated_info: info, is_accepted: true })).toBeNull();
    expect(firstIssue(LoanOfferUpdate, { application_id: ID, updated_info: { ...info, disbursement_date: '31-11-2026' } })).toBe(
      LOAN_OFFER_MSG.invalidDisbursementDate,
    );
    expect(
      firstIssue(LoanOfferUpdate, { application_id: ID, updated_info: { ...info, risk_category_and_loan_type_wise_max_tenure: 12.5 } }),
    ).toBe(LOAN_OFFER_MSG.invalidTenure);
    expect(firstIssue(LoanOfferUpdate, { application_id: ID, updated_info: { ...info, final_suggested_loan_amount: 'lots' } })).toBe(
      LOAN_OFFER_MSG.invalidAmount,
    );
    expect(firstIssue(LoanOfferUpdate, { application_id: 'x', updated_info: info })).toBe('Invalid input');
  });
  it('EMI start date request', () => {
    expect(firstIssue(EmiStartDateRequest, { disbursement_date_str: '21-03-2026' })).toBeNull();
    expect(firstIssue(EmiStartDateRequest, { disbursement_date_str: '2026-03-21' })).toBe('Invalid disbursement date');
    // Real dates the product cannot schedule (their EMIs would fall in year 10000).
    expect(firstIssue(EmiStartDateRequest, { disbursement_date_str: '31-12-9999' })).toBe('Invalid disbursement date');
    expect(firstIssue(EmiStartDateRequest, { disbursement_date_str: '01-01-1999' })).toBe('Invalid disbursement date');
    expect(firstIssue(EmiStartDateRequest, { disbursement_date_str: '31-12-2099' })).toBeNull();
    expect(firstIssue(LoanOfferUpdate, { application_id: ID, updated_info: { ...info, disbursement_date: '31-12-9999' } })).toBe(
      LOAN_OFFER_MSG.invalidDisbursementDate,
    );
  });
});
