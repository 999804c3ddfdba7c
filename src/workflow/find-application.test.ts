import { describe, expect, it } from 'vitest';
import { lookupQuery, stagesOf } from './find-application';

describe('application lookup (REQ-HOME-2)', () => {
  it.each([
    ['9876543210', { kind: 'phone', value: '9876543210' }],
    [' 9876543210 ', { kind: 'phone', value: '9876543210' }],
    ['987654321', null],
    ['5876543210', null],
    ['0123456789abcdef0123456789ABCDEF', { kind: 'id', value: '0123456789abcdef0123456789abcdef' }],
    ['0123456789abcdef0123456789abcde', null],
    ['', null],
  ] as const)('%j → %j', (text, expected) => expect(lookupQuery(text)).toEqual(expected));

  it('counts a borrower step submitted on this phone as BORROWER_INFO until the server says so', () => {
    expect(stagesOf({})).toEqual([]);
    expect(stagesOf({ borrower_submitted_at: '2026-11-23T10:00:00Z' })).toEqual(['BORROWER_INFO']);
    expect(stagesOf({ stages: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'], borrower_submitted_at: 'x' })).toEqual([
      'BORROWER_INFO',
      'BORROWER_BASIC_INFO',
    ]);
    expect(stagesOf({ stages: 'nonsense' })).toEqual([]);
    expect(stagesOf({ stages: ['BORROWER_INFO'], kyc_submitted_at: 'x' })).toEqual(['BORROWER_INFO', 'BORROWER_BASIC_INFO']);
  });
});
