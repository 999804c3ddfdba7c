import { describe, expect, it } from 'vitest';
import { stagePath, PUBLIC_FLOW, STAFF_FLOW } from '../session/flow-context';
import { incomeStep } from './income-step';

// REQ-EMP-1 job_type: business for the self-employed (and applications from before job_type), employment
// for the salaried, in the staff and the public flow alike; the employment step then goes on to the bank account.
describe('the income step after the family members', () => {
  it.each([
    ['SELF_EMPLOYED', 'business'],
    ['SALARIED', 'employment'],
    [undefined, 'business'],
  ] as const)('%s → %s', (job, step) => {
    expect(incomeStep(job)).toBe(step);
    expect(stagePath(STAFF_FLOW, incomeStep(job))).toBe(`/application/${step}`);
    expect(stagePath(PUBLIC_FLOW, incomeStep(job))).toBe(`/apply-loan/${step}`);
  });
  it('after employment: the bank account for staff, the references for a visitor', () => {
    expect(stagePath(STAFF_FLOW, 'bank-account-details')).toBe('/application/bank-account-details');
    expect(stagePath(PUBLIC_FLOW, 'bank-account-details')).toBe('/apply-loan/references');
  });
});
