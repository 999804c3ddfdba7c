import { describe, expect, it } from 'vitest';
import { identityLine } from './identity-line';

const ID = {
  name: 'RAMESH KUMAR',
  account_number: '123456789012',
  account_type: 'SAVINGS',
  ifsc: 'SBIN0001234',
  bank_name: 'State Bank of India',
};

describe('statement parsing as the officer reads it (REQ-VER-3)', () => {
  it.each([
    [
      'an identity',
      { success: true, results: [{ identity_data: ID }] },
      'Statement of RAMESH KUMAR · A/c 123456789012 · State Bank of India (SBIN0001234)',
    ],
    ['an answer naming nobody', { success: false, statusCode: 422, message: 'Could not parse statement' }, 'Identity verification failed'],
    ['an empty answer', { success: true, results: [] }, 'Identity verification failed'],
    [
      'no answer (offline, dropped link)',
      { success: false, status_code: 0, message: 'Something went wrong!' },
      'An error occurred. Please try again.',
    ],
    ['a server fault', { success: false, statusCode: 500 }, 'An error occurred. Please try again.'],
  ] as const)('%s', (_n, answer, text) => expect(identityLine(answer).text).toBe(text));
});
