import { expect, it } from 'vitest';
import { verifyReason } from './verify-reason';

const borrower = (mobile: boolean, pan: boolean, voter: boolean) =>
  [
    ['mobile number', mobile],
    ['PAN', pan],
    ['voter ID', voter],
  ] as const;

it.each([
  [borrower(false, false, false), 'Verify the mobile number, PAN and voter ID to submit.'],
  [borrower(false, true, true), 'Verify the mobile number to submit.'],
  [borrower(true, false, true), 'Verify the PAN to submit.'],
  [borrower(true, false, false), 'Verify the PAN and voter ID to submit.'],
  [borrower(true, true, false), 'Verify the voter ID to submit.'],
  [borrower(true, true, true), null],
  [[['PAN', false]] as const, 'Verify the PAN to submit.'],
])('%j → %s', (checks, want) => expect(verifyReason(checks)).toBe(want));
