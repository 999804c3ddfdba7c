import { describe, expect, it } from 'vitest';
import { defaultTenure, digitsToNumber, maskDmy, maskedAadhaar } from './borrower-form-values';

describe('borrower form input helpers', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['150', '15-0'],
    ['1508', '15-08'],
    ['15081985', '15-08-1985'],
    ['15-08-1985', '15-08-1985'],
    ['150819851', '15-08-1985'],
    ['ab12', '12'],
  ])('DOB %j is shown as %j', (typed, shown) => expect(maskDmy(typed)).toBe(shown));

  it.each([
    ['75000', 75000],
    ['75,000', 75000],
    ['₹ 1,00,000', 100000],
    ['', null],
    ['abc', null],
  ] as const)('amount %j keeps digits only → %j', (typed, value) => expect(digitsToNumber(typed)).toBe(value));

  it('defaults to the first tenure of the loan type and masks Aadhaar to its last 4 digits', () => {
    expect(defaultTenure('MFI_BUSINESS_LOAN')).toBe(12);
    expect(defaultTenure('UNSECURED_BUSINESS_LOAN')).toBe(12);
    expect(maskedAadhaar('7777')).toBe('XXXX-XXXX-7777');
    expect(maskedAadhaar('')).toBe('');
  });
});
