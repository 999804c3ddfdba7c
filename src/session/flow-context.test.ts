import { describe, expect, it } from 'vitest';
import { PUBLIC_FLOW, STAFF_FLOW, stagePath } from './flow-context';

describe('stagePath', () => {
  it.each([
    [STAFF_FLOW, 'kyc', '/application/kyc'],
    [STAFF_FLOW, '/application/bank-account-details', '/application/bank-account-details'],
    [STAFF_FLOW, 'success/loan-offers', '/application/success/loan-offers'],
    [PUBLIC_FLOW, 'kyc', '/apply-loan/kyc'],
    [PUBLIC_FLOW, '/application/co-applicants', '/apply-loan/co-applicants'],
    [PUBLIC_FLOW, '/application/bank-account-details', '/apply-loan/references'],
    [PUBLIC_FLOW, 'cpv-info', '/apply-loan/success'],
    [PUBLIC_FLOW, '/application/rejection', '/apply-loan/rejection'],
    [PUBLIC_FLOW, '/apply-loan/mobile', '/apply-loan/mobile'],
  ] as const)('%o %s → %s', (flow, stage, path) => {
    expect(stagePath(flow, stage)).toBe(path);
  });
});
