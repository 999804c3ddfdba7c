import { describe, expect, it } from 'vitest';
import { prefillFrom } from './statement-prefill';

// The bank account form's values from the business step's statement identity.
describe('bank account values from a statement', () => {
  const id = {
    name: 'RAMESH KUMAR',
    account_number: '312345678901',
    account_type: 'savings',
    ifsc: 'SBIN0A1B2C3',
    bank_name: 'State Bank of India',
  };
  it('holder, account number twice, IFSC, bank and an account type of ours', () => {
    expect(prefillFrom(id)).toEqual({
      account_holder_name: 'RAMESH KUMAR',
      account_number: '312345678901',
      confirm_account_number: '312345678901',
      ifsc_code: 'SBIN0A1B2C3',
      bank_name: 'State Bank of India',
      account_type: 'SAVINGS',
    });
  });
  it('an account type we do not list is left for the officer', () => {
    expect(prefillFrom({ ...id, account_type: 'NRE' })).not.toHaveProperty('account_type');
  });
});
