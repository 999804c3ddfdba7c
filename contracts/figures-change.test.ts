import { describe, expect, it } from 'vitest';
import type { Deviation } from './deviations';
import { changeReasonOf, figureChanges, figuresHeld, nextFiguresDeviation, nextFiguresDeviations, VISIT_FIGURES } from './figures-change';

describe('figuresHeld', () => {
  it.each([
    ['PD2 complete', 'PD2_COMPLETE', false, true],
    ['credit approved, not refused', 'CREDIT_APPROVED', false, false],
    ['credit approved, the household test refused the loan', 'CREDIT_APPROVED', true, true],
    ['first stage', 'DRAFT', false, false],
  ] as const)('%s → %s', (_, status, householdRefused, held) => {
    expect(figuresHeld({ status, householdRefused })).toBe(held);
  });
});

describe('figureChanges', () => {
  it.each([
    [
      'sales 4,00,000 → 5,000',
      { monthly_sales: 400000 },
      { monthly_sales: '5000' },
      [{ field: 'cpv_business.monthly_sales', label: 'Monthly Sales', before: 400000, after: 5000 }],
    ],
    ['the same figure as text and number', { monthly_sales: '90000' }, { monthly_sales: 90000 }, []],
    [
      'a cost added',
      { monthly_sales: 1 },
      { monthly_sales: 1, rent: 6000 },
      [{ field: 'cpv_business.rent', label: 'Rent', before: null, after: 6000 }],
    ],
    ['a field the test does not read', { remaks: 'a' }, { remaks: 'b' }, []],
    ['a cost left out and a cost of 0 are the same to the test', {}, { rent: 0 }, []],
  ] as const)('%s', (_, before, after, expected) => {
    expect(figureChanges(before, after, VISIT_FIGURES, 'cpv_business.')).toEqual(expected);
  });
});

describe('nextFiguresDeviation', () => {
  const sales = (before: number, after: number) => ({ field: 'cpv_business.monthly_sales', label: 'Monthly Sales', before, after });
  const pending = (changes: ReturnType<typeof sales>[]): Deviation => ({
    type: 'FIGURES_CHANGE_DEVIATION',
    info: { is_match: false, changes, reason: 'first' },
    status: 'PENDING',
  });
  it('a first change: PENDING with before → after and the reason', () => {
    expect(nextFiguresDeviation(undefined, [sales(400000, 5000)], 'register')).toEqual({
      type: 'FIGURES_CHANGE_DEVIATION',
      status: 'PENDING',
      info: { is_match: false, changes: [sales(400000, 5000)], reason: 'register' },
    });
  });
  it('a second change while pending keeps the first before', () => {
    expect(nextFiguresDeviation(pending([sales(400000, 5000)]), [sales(5000, 7000)], 'again')?.info).toEqual({
      is_match: false,
      changes: [sales(400000, 7000)],
      reason: 'first; again',
    });
  });
  it('an amendment by another writer keeps the earlier writers named, so none of them decides it', () => {
    const raisedBy2 = { ...pending([sales(400000, 5000)]), raised_by: { user_id: 2, role: 'REVIEW', at: 't' } } as Deviation;
    const amended = nextFiguresDeviation(raisedBy2, [sales(5000, 7000)], 'again');
    expect(amended?.earlier_raisers).toEqual([2]);
    expect(amended?.raised_by).toBeUndefined();
    const again = nextFiguresDeviation(
      { ...amended!, raised_by: { user_id: 9, role: 'REVIEW', at: 't' } } as Deviation,
      [sales(7000, 8000)],
      'more',
    );
    expect(again?.earlier_raisers).toEqual([2, 9]);
    expect(nextFiguresDeviation(undefined, [sales(1, 2)], 'x')).not.toHaveProperty('earlier_raisers');
  });
  it('back where it was: no deviation', () => {
    expect(nextFiguresDeviation(pending([sales(400000, 5000)]), [sales(5000, 400000)], 'undo')).toBeNull();
  });
  it('after a decision, a new change is a new PENDING one', () => {
    const approved = { ...pending([sales(400000, 5000)]), status: 'APPROVED' as const };
    expect(nextFiguresDeviation(approved, [sales(5000, 6000)], 'new')).toMatchObject({
      status: 'PENDING',
      info: { changes: [sales(5000, 6000)], reason: 'new' },
    });
  });
});

describe('changeReasonOf', () => {
  it.each([
    [{ change_reason: '  seen the register ' }, 'seen the register'],
    [{ change_reason: ' ' }, undefined],
    [{}, undefined],
    [{ change_reason: 5 }, undefined],
  ])('%j → %s', (body, expected) => expect(changeReasonOf(body)).toBe(expected));
});

describe('figuresHeld while a figures deviation is open or rejected', () => {
  it.each([
    ['credit approved, a deviation open', true, true],
    ['credit approved, none open', false, false],
  ] as const)('%s → %s', (_, openDeviation, held) => {
    expect(figuresHeld({ status: 'CREDIT_APPROVED', householdRefused: false, openDeviation })).toBe(held);
  });
});

describe('nextFiguresDeviations: a decided deviation is never dropped', () => {
  const sales = { field: 'cpv_business.monthly_sales', label: 'Monthly Sales', before: 400000, after: 5000 };
  const rent = (before: number, after: number) => ({ field: 'cpv_business.rent', label: 'Rent', before, after });
  const decided = (status: 'APPROVED' | 'REJECTED'): Deviation => ({
    type: 'FIGURES_CHANGE_DEVIATION',
    info: { is_match: false, changes: [sales], reason: 'r' },
    status,
    decided_by: 9,
  });
  it.each(['APPROVED', 'REJECTED'] as const)('%s: a new change is appended as PENDING after it', (status) => {
    const next = nextFiguresDeviations([decided(status)], [rent(0, 100)], 'new rent');
    expect(next).toHaveLength(2);
    expect(next[0]).toEqual(decided(status));
    expect(next[1]).toMatchObject({ status: 'PENDING', info: { changes: [rent(0, 100)], reason: 'new rent' } });
  });
  it('a change that cancels the pending one out leaves the decided one', () => {
    const open = nextFiguresDeviations([decided('REJECTED')], [rent(0, 100)], 'a');
    expect(nextFiguresDeviations(open, [rent(100, 0)], 'b')).toEqual([decided('REJECTED')]);
  });
});
