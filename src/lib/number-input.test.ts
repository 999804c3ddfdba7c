// REQ-VAL-2: amount inputs keep digits only, and a pasted figure keeps its value (its paise are not joined on).
import { describe, expect, it } from 'vitest';
import { amountText, digitsToNumber } from './number-input';

describe('amount parser (table): a pasted figure keeps its value', () => {
  it.each<[unknown, number | null]>([
    ['1,00,000.50', 100000.5],
    ['1,00,000', 100000],
    ['₹ 1,25,000', 125000],
    ['100000.50', 100000.5],
    ['1000.5', 1000.5],
    ['12.345', 12.34],
    ['98765 43210', 9876543210],
    ['0.75', 0.75],
    ['.5', 0.5],
    ['', null],
    ['.', null],
    [null, null],
    [undefined, null],
    ['abc', null],
    [25000, 25000],
    [Number.NaN, null],
  ])('%j → %j', (typed, value) => expect(digitsToNumber(typed)).toBe(value));

  it.each<[string, string]>([
    ['1,00,000.50', '100000.50'],
    ['₹ 1,00,000', '100000'],
    ['1.2.3', '1.23'],
  ])('shown %j as %j', (typed, shown) => expect(amountText(typed)).toBe(shown));
});
