import { describe, expect, it } from 'vitest';
import { matchNames, normaliseName } from './name-match';

describe('normaliseName', () => {
  it.each<[string, string[]]>([
    ['  ramesh   kumar ', ['RAMESH', 'KUMAR']],
    ['Mr. Ramesh Kumar', ['RAMESH', 'KUMAR']],
    ['Smt. Sunita-Devi', ['SUNITA', 'DEVI']],
    ['Dr. R.K. Sharma', ['R', 'K', 'SHARMA']],
    ['Mr.', []],
  ])('%j → %j', (name, tokens) => {
    expect(normaliseName(name)).toEqual(tokens);
  });
});

describe('matchNames', () => {
  it.each<[string, string[], boolean]>([
    ['case only', ['RAMESH KUMAR', 'Ramesh Kumar'], true],
    ['spacing', ['  ramesh   kumar ', 'RAMESH KUMAR'], true],
    ['initial for the first name', ['R. Kumar', 'Ramesh Kumar'], true],
    ['initials for first and middle name', ['R.K. Sharma', 'Ramesh Kumar Sharma'], true],
    ['honorific Mr', ['Mr. Ramesh Kumar', 'RAMESH KUMAR'], true],
    ['honorific Smt', ['Smt Sunita Devi', 'SUNITA DEVI'], true],
    ['honorific Shri', ['Shri Suresh Sharma', 'suresh sharma'], true],
    ['honorific Dr with initials', ['Dr. R. Kumar', 'Ramesh Kumar'], true],
    ['honorific Mrs / Ms', ['Mrs. Sunita Devi', 'Ms Sunita Devi'], true],
    ['surname first', ['Kumar Ramesh', 'Ramesh Kumar'], true],
    ['words joined', ['RAMESHKUMAR', 'Ramesh Kumar'], true],
    ['one missing middle name', ['Ramesh Kumar', 'Ramesh Singh Kumar'], true],
    ['spelling variant', ['Mohammed Iqbal', 'Mohammad Iqbal'], true],
    ['three sources agree', ['RAMESH KUMAR', 'Ramesh Kumar', 'R. Kumar'], true],
    ['different people (PAN fixtures)', ['RAMESH KUMAR', 'SURESH SHARMA'], false],
    ['different people (voter fixture)', ['RAMESH KUMAR', 'SUNITA DEVI'], false],
    ['same surname, other first name', ['Ramesh Kumar', 'Suresh Kumar'], false],
    ['initial that does not fit', ['S. Kumar', 'Ramesh Kumar'], false],
    ['only initials', ['R K', 'Ramesh Kumar'], false],
    ['first name alone', ['Ramesh', 'Ramesh Kumar'], false],
    ['two words missing', ['Ramesh Kumar', 'Ramesh Singh Yadav Kumar'], false],
    ['one of three differs', ['RAMESH KUMAR', 'Ramesh Kumar', 'SUNITA DEVI'], false],
    ['an honorific only', ['Mr.', 'Ramesh Kumar'], false],
    ['a single value', ['Ramesh Kumar'], false],
  ])('%s: %j → %s', (_name, values, isMatch) => {
    const r = matchNames(values);
    expect(r.is_match).toBe(isMatch);
    expect(r.score).toBeGreaterThanOrEqual(0);
    expect(r.score).toBeLessThanOrEqual(1);
    if (isMatch) expect(r.score).toBeGreaterThanOrEqual(0.8);
  });

  it('scores an exact match above a looser one, and a mismatch lowest', () => {
    const exact = matchNames(['Ramesh Kumar', 'RAMESH KUMAR']).score;
    const initial = matchNames(['R. Kumar', 'Ramesh Kumar']).score;
    const other = matchNames(['Suresh Sharma', 'Ramesh Kumar']).score;
    expect(exact).toBe(1);
    expect(initial).toBeLessThan(exact);
    expect(other).toBeLessThan(initial);
  });
});
