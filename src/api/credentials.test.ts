// REQ-AUTH-8: signed in means a token: in memory, or sealed behind the PIN. A marker left by a sign-in whose token was never
// sealed (the page closed before the PIN) is no session once the page is gone.
import { afterEach, describe, expect, it } from 'vitest';
import { forgetToken, hasSession, markTokenSealed, setToken } from './credentials';

afterEach(() => setToken(null));

describe('what counts as a session (table)', () => {
  it.each<[string, () => void, boolean]>([
    ['a token just received', () => setToken('a'.repeat(64)), true],
    [
      'a token never sealed, after the page lost it',
      () => {
        setToken('a'.repeat(64));
        forgetToken();
      },
      false,
    ],
    [
      'a sealed token, after the page lost it (a reload, a lock)',
      () => {
        setToken('a'.repeat(64));
        markTokenSealed();
        forgetToken();
      },
      true,
    ],
    [
      'a sign-out',
      () => {
        setToken('a'.repeat(64));
        markTokenSealed();
        setToken(null);
      },
      false,
    ],
    ['an earlier version’s marker of a sealed token', () => localStorage.setItem('flo.signed-in', '1'), true],
  ])('%s → %s', (_n, act, session) => {
    act();
    expect(hasSession()).toBe(session);
  });
});
