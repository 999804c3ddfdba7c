import { describe, expect, it } from 'vitest';
import { visitorNextPath } from './public-route';

describe('visitorNextPath', () => {
  it.each([
    [[], null],
    [['BORROWER_INFO'], '/apply-loan/kyc'],
    [['BORROWER_INFO', 'BORROWER_BASIC_INFO'], '/apply-loan/co-applicants'],
    [['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER'], '/apply-loan/co-applicants'],
    [['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER', 'FAMILY_MEMBER'], '/apply-loan/family-details'],
    [['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'FAMILY_MEMBER', 'BUSINESS_INFO'], '/apply-loan/references'],
    [['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'BUSINESS_INFO', 'REFERENCES'], '/apply-loan/success'],
    [['SOMETHING_NEW'], '/apply-loan/success'],
  ])('%j → %s', (stages, path) => {
    expect(visitorNextPath(stages)).toBe(path);
  });
});
