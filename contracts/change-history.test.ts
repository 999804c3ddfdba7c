import { describe, expect, it } from 'vitest';
import { changesOf } from './change-history';

describe('changesOf: the tracked fields a write changes', () => {
  it.each([
    ['a first entry is no change', {}, { name: 'Ramesh Kumar', pan: 'ABCDE1234F' }, []],
    [
      'the name changed',
      { name: 'Ramesh Kumar' },
      { name: 'Mohan Lal' },
      [{ field: 'name', label: 'Name', before: 'Ramesh Kumar', after: 'Mohan Lal' }],
    ],
    ['the same amount as text', { amount_requested: 100000 }, { amount_requested: '100000' }, []],
    [
      'the payout re-pointed: the account number masked, the holder in full',
      { bank_account: { account_number: '123456789012', ifsc_code: 'SBIN0001234', account_holder_name: 'RAMESH KUMAR' } },
      { bank_account: { account_number: '501002345678', ifsc_code: 'HDFC0000123', account_holder_name: 'LAKSHMI SHAH' } },
      [
        { field: 'bank_account.account_number', label: 'Payout account number', before: '••••9012', after: '••••5678' },
        { field: 'bank_account.ifsc_code', label: 'Payout IFSC', before: 'SBIN0001234', after: 'HDFC0000123' },
        { field: 'bank_account.account_holder_name', label: 'Payout account holder', before: 'RAMESH KUMAR', after: 'LAKSHMI SHAH' },
      ],
    ],
    [
      'visit sales 4,00,000 → 5,000',
      { cpv_business: { monthly_sales: 400000 } },
      { cpv_business: { monthly_sales: 5000 } },
      [{ field: 'cpv_business.monthly_sales', label: 'Business visit: Monthly Sales', before: 400000, after: 5000 }],
    ],
    ['a key the write does not touch', { name: 'A B C' }, { remarks: 'x' }, []],
    [
      'the loan type switched to unsecured',
      { loan_type: 'MFI_BUSINESS_LOAN' },
      { loan_type: 'UNSECURED_BUSINESS_LOAN' },
      [{ field: 'loan_type', label: 'Loan type', before: 'MFI_BUSINESS_LOAN', after: 'UNSECURED_BUSINESS_LOAN' }],
    ],
    [
      'the offer amount lowered',
      { loan_offer: { final_suggested_loan_amount: 100000 } },
      { loan_offer: { final_suggested_loan_amount: 80000 } },
      [{ field: 'loan_offer.final_suggested_loan_amount', label: 'Loan amount offered', before: 100000, after: 80000 }],
    ],
  ] as const)('%s', (_, before, patch, expected) => {
    expect(changesOf(before, patch)).toEqual(expected);
  });
});
