import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message';

describe('errorMessage (REQ-API-3)', () => {
  it.each([
    [{ success: false, message: 'Invalid OTP', status_code: 400 }, 'Invalid OTP'],
    [{ message: '{"message":"PAN not found","code":12}' }, 'PAN not found'],
    [{ message: '400 Bad Request: {"detail": "Voter id malformed"}' }, 'Voter id malformed'],
    [{ message: "upstream said detail='Bank down'" }, 'Bank down'],
    [{ detail: 'Only detail here' }, 'Only detail here'],
    [{ success: false }, 'Something went wrong!'],
    [{ message: '   ' }, 'Something went wrong!'],
    [null, 'Something went wrong!'],
    [undefined, 'Something went wrong!'],
    ['<html>502 Bad Gateway</html>', 'Something went wrong while processing the response.'],
    // Schema text never reaches a person: the specification's message for it, else the generic one.
    [
      { message: 'account_type: Invalid enum value. Expected SAVINGS | CURRENT | OVERDRAFT | CASHCREDIT | CURRENT ACCOUNT WITH OD' },
      'Invalid account type. Please select a valid account type',
    ],
    [{ message: 'Invalid type: Expected string but received undefined' }, 'Invalid input'],
    [{ message: 'gender: Invalid enum value. Expected MALE | FEMALE | OTHER' }, 'Invalid input'],
    [{ message: '{"message":"Invalid length: Expected >=3 but received 2"}' }, 'Invalid input'],
    [{ message: 'Invalid account number' }, 'Invalid account number'],
    [{ message: 'Loan amount must be between 75,000 and 1,25,000' }, 'Loan amount must be between 75,000 and 1,25,000'],
  ])('%j → %s', (body, expected) => {
    expect(errorMessage(body)).toBe(expected);
  });
});

describe('in the officer’s language', () => {
  it('shows the phone’s own text for a server message its catalogue knows, the English for any other', async () => {
    const { setLocale } = await import('../i18n');
    try {
      await setLocale('hi');
      expect(errorMessage({ message: 'Invalid OTP. Please try again.' })).toBe('OTP अमान्य है। कृपया फिर से कोशिश करें।');
      expect(errorMessage({ message: 'Something the phone has never seen' })).toBe('Something the phone has never seen');
    } finally {
      await setLocale('en');
    }
    expect(errorMessage({ message: 'Invalid OTP. Please try again.' })).toBe('Invalid OTP. Please try again.');
  });
});
