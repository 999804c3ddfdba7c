import { describe, expect, it } from 'vitest';
import type { Deviation } from '../../contracts/deviations';
import { withNameDeviation, withServerStatus } from './name-deviation';

const NAMES = [
  { value: 'DEEPAK YADAV', source: 'BANK_ACCOUNT' as const },
  { value: 'RAMESH KUMAR', source: 'PAN' as const },
];
const raised = { user_id: 7, role: 'REVIEW', at: '2026-11-27T06:00:00.000Z' };
const approved: Deviation = {
  ...withNameDeviation([], NAMES, 'BANK_NAME_MISMATCH_DEVIATION')[0]!,
  raised_by: raised,
  status: 'APPROVED',
  decided_by: 9,
};

describe('withServerStatus: the same deviation is the same names about the same subject', () => {
  it.each([
    ['the same account or person', true, 'APPROVED', raised, 9],
    ['another account or PAN with the same names', false, 'PENDING', undefined, undefined],
  ])('%s → %s', (_, sameSubject, status, raiser, decider) => {
    const [d] = withServerStatus(withNameDeviation([], NAMES, 'BANK_NAME_MISMATCH_DEVIATION'), [approved], sameSubject);
    expect(d?.status).toBe(status);
    expect(d?.raised_by).toEqual(raiser);
    expect(d?.decided_by).toBe(decider);
  });
});
