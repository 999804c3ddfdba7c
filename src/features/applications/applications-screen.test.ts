import { describe, expect, it } from 'vitest';

describe('searching the list on the phone', () => {
  it.each([
    ['', true],
    ['ramesh', true],
    ['98765', true],
    ['FLO', true],
    ['abc123', true],
    ['suresh', false],
  ] as const)('%j matches: %s', async (q, expected) => {
    const { matches } = await import('./applications-screen');
    expect(matches({ id: '00abc123', name: 'Ramesh Kumar', phone: '9876543210', tracker_id: 'FLO1A2B3' }, q)).toBe(expected);
  });
});
