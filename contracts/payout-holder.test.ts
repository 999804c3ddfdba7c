import { describe, expect, it } from 'vitest';
import { isFreshCheck, isRepoint, payoutHolder, sameName } from './payout-holder';

describe('payoutHolder: the stored holder is the bank answer', () => {
  it.each([
    ['the typed name is the bank name in other case', 'Ramesh Kumar', 'RAMESH KUMAR', { holder: 'Ramesh Kumar' }],
    ['extra spaces are no difference', ' ramesh   kumar ', 'RAMESH KUMAR', { holder: ' ramesh   kumar ' }],
    [
      'another typed name: the bank name is stored, the typed one kept',
      'SURESH SHARMA',
      'RAMESH KUMAR',
      { holder: 'RAMESH KUMAR', typed: 'SURESH SHARMA' },
    ],
  ])('%s', (_, typed, bank, expected) => {
    expect(payoutHolder(typed, bank)).toEqual(expected);
    expect(sameName(typed, bank)).toBe(!('typed' in expected));
  });
});

describe('isRepoint and isFreshCheck', () => {
  const stored = { account_number: '123456789012', ifsc_code: 'SBIN0001234' };
  it.each([
    ['nothing stored yet', undefined, stored, false],
    ['the same account', stored, { ...stored }, false],
    ['the same IFSC in lower case', stored, { ...stored, ifsc_code: 'sbin0001234' }, false],
    ['another account number', stored, { ...stored, account_number: '501002345678' }, true],
    ['another IFSC', stored, { ...stored, ifsc_code: 'HDFC0000123' }, true],
  ] as const)('%s → %s', (_, before, next, expected) => {
    expect(isRepoint(before, next)).toBe(expected);
  });
  it.each([
    ['never checked', null, 4, false],
    ['checked after the account was stored', 9, 4, true],
    ['checked before the account was stored', 3, 4, false],
    ['checked, nothing stored', 3, null, true],
  ] as const)('%s → %s', (_, checked, storedSeq, expected) => {
    expect(isFreshCheck(checked, storedSeq)).toBe(expected);
  });
});
