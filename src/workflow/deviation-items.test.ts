import { describe, expect, it } from 'vitest';
import { deviationItems, pendingCount } from './deviation-items';

const mismatch = (type: string, status?: string) =>
  ({ type, status, info: { is_match: false, values: [{ value: 'A', source: 'PAN' }] } }) as never;

describe('deviationItems', () => {
  it('borrower, co-applicants (not replaced), then bank; matches are not deviations; pending counts PENDING and unset', () => {
    const items = deviationItems(
      {
        name: 'Mohan Lal',
        deviations: [
          mismatch('BORROWER_NAME_MISMATCH_DEVIATION'),
          { type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: { is_match: true } } as never,
        ],
        bank_account: { deviations: [mismatch('BANK_NAME_MISMATCH_DEVIATION', 'APPROVED')] },
      },
      [
        { id: 'c1', name: 'Sunita', status: 'APPROVED', deviations: [mismatch('CO_BORROWER_NAME_MISMATCH_DEVIATION', 'PENDING')] },
        { id: 'c2', name: 'Old', status: 'REPLACED', deviations: [mismatch('GUARANTOR_NAME_MISMATCH_DEVIATION')] },
      ],
    );
    expect(items.map((i) => [i.whose, i.deviation.type, i.recordId])).toEqual([
      ['Mohan Lal', 'BORROWER_NAME_MISMATCH_DEVIATION', undefined],
      ['Sunita', 'CO_BORROWER_NAME_MISMATCH_DEVIATION', 'c1'],
      ['Bank account', 'BANK_NAME_MISMATCH_DEVIATION', undefined],
    ]);
    expect(pendingCount(items)).toBe(2);
  });
  it('figures deviations (a decided one kept beside a later pending one) and identity changes, each its own item', () => {
    const figures = (status: string) => ({ type: 'FIGURES_CHANGE_DEVIATION', status, info: { is_match: false, changes: [] } }) as never;
    const identity = { type: 'IDENTITY_CHANGE_DEVIATION', status: 'PENDING', info: { is_match: false, identity: [] } } as never;
    const items = deviationItems({ figures_deviations: [figures('REJECTED'), figures('PENDING')], identity_deviations: [identity] });
    expect(items.map((i) => [i.whose, i.deviation.type])).toEqual([
      ['Household figures', 'FIGURES_CHANGE_DEVIATION'],
      ['Household figures', 'FIGURES_CHANGE_DEVIATION'],
      ['Borrower and loan', 'IDENTITY_CHANGE_DEVIATION'],
    ]);
    expect(new Set(items.map((i) => i.key)).size).toBe(3);
    expect(pendingCount(items)).toBe(2);
  });
  it('nothing for an application without deviations', () => expect(deviationItems(undefined)).toEqual([]));
});
