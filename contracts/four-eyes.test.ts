import { describe, expect, it } from 'vitest';
import { FOUR_EYES_MSG, fourEyesIssue } from './four-eyes';

const raised = (user_id: number | null) => ({ user_id });

describe('fourEyesIssue: the checker is never the maker', () => {
  it.each([
    ['a second reviewer decides what another raised', { deciderId: 7, raisedBy: raised(2), ownerId: 1 }, null],
    ['a deviation a public visitor raised (no user id)', { deciderId: 7, raisedBy: raised(null), ownerId: null }, null],
    ['a deviation with no raiser recorded, not the owner', { deciderId: 7, ownerId: 1 }, null],
    ['the raiser decides it', { deciderId: 2, raisedBy: raised(2), ownerId: 1 }, FOUR_EYES_MSG.raisedIt],
    ['the owner decides it', { deciderId: 1, raisedBy: raised(2), ownerId: 1 }, FOUR_EYES_MSG.ownsIt],
    ['the raiser who also owns it: the raising is named first', { deciderId: 1, raisedBy: raised(1), ownerId: 1 }, FOUR_EYES_MSG.raisedIt],
    [
      'an earlier writer of a change it still holds decides it',
      { deciderId: 2, raisedBy: raised(9), earlierRaisers: [2], ownerId: 1 },
      FOUR_EYES_MSG.raisedIt,
    ],
    ['no decider known', { deciderId: null, raisedBy: raised(2), ownerId: 1 }, FOUR_EYES_MSG.unknownDecider],
  ] as const)('%s', (_, input, expected) => {
    expect(fourEyesIssue(input)).toBe(expected);
  });
});
