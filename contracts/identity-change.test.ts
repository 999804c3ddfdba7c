import { describe, expect, it } from 'vitest';
import type { Deviation } from './deviations';
import { identityChanges, identityHeld, nextIdentityDeviations } from './identity-change';

const raiser = (user_id: number) => ({ user_id, role: 'REVIEW', at: '2026-11-27T06:00:00.000Z' });
const pending = (identity: Deviation['info']['identity'], by = 7): Deviation => ({
  type: 'IDENTITY_CHANGE_DEVIATION',
  info: { is_match: false, identity },
  status: 'PENDING',
  raised_by: raiser(by),
});
const PAN = (before: string, after: string) => ({ field: 'pan', label: 'PAN', before, after });

describe('identityHeld', () => {
  it.each([
    ['DRAFT', false],
    ['HANDED_OVER', true],
    ['PD2_COMPLETE', true],
  ])('%s → %s', (status, held) => expect(identityHeld(status)).toBe(held));
});

describe('identityChanges', () => {
  it.each([
    ['a new PAN', { pan: 'ABCDE1234F' }, { pan: 'SUNTA7654D' }, [PAN('ABCDE1234F', 'SUNTA7654D')]],
    ['the same name in other case and spaces', { name: 'Ramesh Kumar' }, { name: ' RAMESH KUMAR ' }, []],
    ['a field the write does not carry', { pan: 'ABCDE1234F' }, { city: 'Pune' }, []],
    [
      'the loan type',
      { loan_type: 'MFI_BUSINESS_LOAN' },
      { loan_type: 'UNSECURED_BUSINESS_LOAN' },
      [{ field: 'loan_type', label: 'Loan type', before: 'MFI_BUSINESS_LOAN', after: 'UNSECURED_BUSINESS_LOAN' }],
    ],
    ['the amount as text and number', { amount_requested: 100000 }, { amount_requested: '100000' }, []],
    [
      'the amount',
      { amount_requested: 100000 },
      { amount_requested: 300000 },
      [{ field: 'amount_requested', label: 'Amount requested', before: 100000, after: 300000 }],
    ],
  ])('%s', (_, before, write, out) => expect(identityChanges(before, write)).toEqual(out));
});

describe('nextIdentityDeviations', () => {
  it('a first change opens a PENDING one (the raiser is stamped as the write is stored)', () => {
    expect(nextIdentityDeviations([], [PAN('A', 'B')])).toEqual([
      { type: 'IDENTITY_CHANGE_DEVIATION', info: { is_match: false, identity: [PAN('A', 'B')] }, status: 'PENDING' },
    ]);
  });
  it('a second change of a pending one keeps the first before; its writer becomes an earlier raiser', () => {
    expect(nextIdentityDeviations([pending([PAN('A', 'B')], 7)], [PAN('B', 'C')])).toEqual([
      { type: 'IDENTITY_CHANGE_DEVIATION', info: { is_match: false, identity: [PAN('A', 'C')] }, status: 'PENDING', earlier_raisers: [7] },
    ]);
  });
  it('a pending change put back: no pending one left', () => {
    expect(nextIdentityDeviations([pending([PAN('A', 'B')])], [PAN('B', 'A')])).toEqual([]);
  });
  it('a decided one stays (a rejection is never erased); a new change opens a new PENDING one after it', () => {
    const rejected: Deviation = { ...pending([PAN('A', 'B')]), status: 'REJECTED', decided_by: 9 };
    const next = nextIdentityDeviations([rejected], [PAN('B', 'A')]);
    expect(next[0]).toEqual(rejected);
    expect(next[1]).toMatchObject({ status: 'PENDING', info: { identity: [PAN('B', 'A')] } });
  });
  it('no change: the list as it was', () => {
    const list = [pending([PAN('A', 'B')])];
    expect(nextIdentityDeviations(list, [])).toEqual(list);
  });
});
