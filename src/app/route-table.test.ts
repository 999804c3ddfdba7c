import { describe, expect, it } from 'vitest';
import { SIGNED_IN_PATHS, SIGNED_OUT_PATHS, STAFF_STAGES, titleOf } from './route-table';

describe('route table', () => {
  it('declares every stage of REQ-NAV-2 once', () => {
    expect(new Set(STAFF_STAGES).size).toBe(STAFF_STAGES.length);
    expect(STAFF_STAGES).toHaveLength(19);
    expect(STAFF_STAGES).toContain('success/loan-offers');
  });
  it('keeps signed-in and signed-out paths apart', () => {
    const inside = new Set<string>([...SIGNED_IN_PATHS, ...STAFF_STAGES.map((s) => `/application/${s}`)]);
    for (const p of SIGNED_OUT_PATHS) expect(inside.has(p)).toBe(false);
  });
  it.each([
    ['/application/loan-offer', 'Loan offer'],
    ['/application/success/loan-offers', 'Success loan offers'],
    ['/apply-loan/mobile', 'Apply loan mobile'],
    ['/join-us/track', 'Track partner request'],
    ['/join-us', 'Partner Registration'],
    ['/', 'Home'],
  ])('titleOf(%s) = %s', (path, title) => expect(titleOf(path)).toBe(title));
});
