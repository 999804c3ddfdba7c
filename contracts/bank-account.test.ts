import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_TYPE_CODES,
  BANK_ACCOUNT_TYPE_OPTIONS,
  BANK_SERVER_MSG,
  BankAccountInfo,
  BankVerifyRequest,
  isAccountTypeComplaint,
} from './bank-account';
import { firstIssue } from './borrower';
import { BANK_ACCOUNT_TYPES } from './enums';

const VALID = {
  account_holder_name: 'Ramesh Kumar',
  account_number: '123456789012',
  confirm_account_number: '123456789012',
  account_type: 'SAVINGS',
  ifsc_code: 'SBIN0001234',
  bank_name: 'State Bank of India',
  bank_proof: 'f1',
};
const ENUM_MSG = 'account_type: Invalid enum value. Expected SAVINGS | CURRENT | OVERDRAFT | CASHCREDIT | CURRENT ACCOUNT WITH OD';

// REQ-BANK-1 bank account rules with their messages.
const RULES: [string, Record<string, unknown>, string][] = [
  ['holder name min 3', { account_holder_name: 'Ra' }, 'Invalid account holder name'],
  ['holder name missing', { account_holder_name: undefined }, 'Invalid account holder name'],
  ['account number required', { account_number: '' }, 'Please enter account number'],
  ['account number missing', { account_number: undefined }, 'Please enter account number'],
  ['account number 8 digits', { account_number: '12345678' }, 'Invalid account number'],
  ['account number 19 digits', { account_number: '1234567890123456789' }, 'Invalid account number'],
  ['account number letters', { account_number: '12345678901A' }, 'Invalid account number'],
  ['confirm account number required', { confirm_account_number: '' }, 'Please enter the account number again'],
  ['confirm account number differs', { confirm_account_number: '123456789013' }, 'Account numbers do not match'],
  ['account type required', { account_type: '' }, 'Please enter account type'],
  ['account type missing', { account_type: undefined }, 'Please enter account type'],
  ['account type outside the enum', { account_type: 'Savings' }, ENUM_MSG],
  ['IFSC required', { ifsc_code: '' }, 'Please enter IFSC code'],
  ['IFSC pattern', { ifsc_code: 'SBIN1001234' }, 'Invalid IFSC'],
  ['bank name required', { bank_name: ' ' }, 'Please enter bank name'],
  ['bank proof required', { bank_proof: '' }, 'Please upload bank proof'],
  ['bank proof missing', { bank_proof: undefined }, 'Please upload bank proof'],
  [
    'another deviation type',
    { deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: { is_match: false } }] },
    BANK_SERVER_MSG.onlyBankDeviations,
  ],
];

describe('bank account rules (REQ-BANK-1)', () => {
  it('accepts a complete bank account with each account type, 9 and 18 digits, and a bank deviation', () => {
    for (const account_type of BANK_ACCOUNT_TYPE_CODES) expect(firstIssue(BankAccountInfo, { ...VALID, account_type })).toBeNull();
    expect(firstIssue(BankAccountInfo, { ...VALID, account_number: '123456789', confirm_account_number: '123456789' })).toBeNull();
    expect(
      firstIssue(BankAccountInfo, { ...VALID, account_number: '123456789012345678', confirm_account_number: '123456789012345678' }),
    ).toBeNull();
    expect(
      firstIssue(BankAccountInfo, {
        ...VALID,
        deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', info: { is_match: false, score: 0.2 } }],
      }),
    ).toBeNull();
  });
  it.each(RULES)('%s', (_n, change, message) => expect(firstIssue(BankAccountInfo, { ...VALID, ...change })).toBe(message));

  it('confirm_account_number must equal account_number (REQ-BANK-1 asks only that it is given)', () => {
    expect(firstIssue(BankAccountInfo, { ...VALID, confirm_account_number: '999999999' })).toBe('Account numbers do not match');
  });

  it('upper-cases the IFSC', () => {
    expect(firstIssue(BankAccountInfo, { ...VALID, ifsc_code: 'sbin0001234' })).toBeNull();
  });

  it('the account type codes are the REQ-VAL-5 list, and the enum complaint is recognised', () => {
    expect(BANK_ACCOUNT_TYPE_CODES).toEqual(['SAVINGS', 'CURRENT', 'OVERDRAFT', 'CASHCREDIT', 'CURRENT ACCOUNT WITH OD']);
    expect(new Set(BANK_ACCOUNT_TYPES.map((o) => o.code))).toEqual(new Set(BANK_ACCOUNT_TYPE_CODES));
    expect(BANK_ACCOUNT_TYPE_OPTIONS.map((o) => o.code)).toEqual([...BANK_ACCOUNT_TYPE_CODES]);
    expect(BANK_SERVER_MSG.accountTypeEnum).toBe(ENUM_MSG);
    expect(isAccountTypeComplaint(ENUM_MSG)).toBe(true);
    expect(isAccountTypeComplaint('Invalid account number')).toBe(false);
    expect(isAccountTypeComplaint(undefined)).toBe(false);
  });
});

describe('bank verification request', () => {
  const OK = { account_number: '123456789012', phone: '9876543210', ifsc: 'SBIN0001234', reference: 'x-1', application_id: '0'.repeat(32) };
  it.each<[string, Record<string, unknown>, string | null]>([
    ['valid', {}, null],
    ['phone optional', { phone: undefined }, null],
    ['account pattern', { account_number: '12' }, 'Invalid account number'],
    ['ifsc pattern', { ifsc: 'SBIN' }, 'Invalid IFSC'],
    ['reference', { reference: '' }, 'Required'],
  ])('%s', (_n, change, message) => expect(firstIssue(BankVerifyRequest, { ...OK, ...change })).toBe(message));
});
