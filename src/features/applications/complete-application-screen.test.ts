import { describe, expect, it } from 'vitest';
import { continueTo } from './complete-application-screen';

// Complete-application continues where the mobile screen's stage router would.
describe('where an unfinished application continues', () => {
  it.each([
    [[], '/application/mobile'],
    [['BORROWER_INFO'], '/application/kyc'],
    [['BORROWER_INFO', 'BORROWER_BASIC_INFO'], '/application/co-applicants'],
    [['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER', 'FAMILY_MEMBER'], '/application/family-details'],
    [['BORROWER_INFO', 'BUSINESS_INFO'], '/application/bank-account-details'],
    [['BORROWER_INFO', 'BUSINESS_INFO', 'BANK_ACCOUNT', 'CPV_BUSINESS_PLACE', 'REFERENCES'], null],
  ] as const)('%j → %s', (stages, to) => expect(continueTo(stages)).toBe(to));
});
