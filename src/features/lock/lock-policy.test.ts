import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCK_TIMES, MAX_WRONG_PINS, shouldLock, wrongPinMessage } from './lock-policy';

const MIN = 60_000;
describe('when the page locks itself', () => {
  it.each<[string, number, number | null, boolean]>([
    ['active a moment ago', 1 * MIN, null, false],
    ['idle 14 minutes', 14 * MIN, null, false],
    ['idle 15 minutes', 15 * MIN, null, true],
    ['out of sight 4 minutes', 1 * MIN, 4 * MIN, false],
    ['out of sight 5 minutes', 1 * MIN, 5 * MIN, true],
  ])('%s → %s', (_name, sinceActivity, hiddenFor, expected) => {
    const now = 100 * MIN;
    expect(shouldLock(now, now - sinceActivity, hiddenFor === null ? null : now - hiddenFor, DEFAULT_LOCK_TIMES)).toBe(expected);
  });
});

describe('wrong PIN messages', () => {
  it.each<[number, number, string | null]>([
    [0, 3, null],
    [1, 3, 'Wrong PIN. 4 tries left.'],
    [3, 0, 'Wrong PIN. 2 tries left.'],
    [
      4,
      3,
      "Wrong PIN. One more wrong PIN erases this phone's copy of your work: 3 items not yet sent will be lost. Work already sent is safe on the server.",
    ],
    [
      4,
      1,
      "Wrong PIN. One more wrong PIN erases this phone's copy of your work: 1 item not yet sent will be lost. Work already sent is safe on the server.",
    ],
    [4, 0, "Wrong PIN. One more wrong PIN erases this phone's copy of your work. Everything is sent, so nothing will be lost."],
    [MAX_WRONG_PINS, 3, null],
  ])('%i wrong, %i unsent', (failed, unsent, text) => expect(wrongPinMessage(failed, unsent)).toBe(text));
});
