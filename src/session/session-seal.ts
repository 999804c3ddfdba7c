// The officer's login token and whole profile are sealed with the data key (the user database's encrypted
// meta table) and held in memory only while the PIN has unlocked the phone. A locked app holds nothing usable in clear.
import { useSyncExternalStore } from 'react';
import type { Profile } from '../../contracts/profile';
import { forgetToken, getToken, restoreToken, subscribeCredentials } from '../api/credentials';
import { getMeta, setMeta } from '../db/records';
import type { UserDb } from '../db/user-db';
import { getProfile, profileIsWhole, reduceProfile, restoreProfile, subscribeProfile } from './profile-store';

export const TOKEN_META = 'session.token';
export const PROFILE_META = 'session.profile';

let open = false;
const listeners = new Set<() => void>();
const setOpen = (next: boolean) => {
  open = next;
  for (const l of listeners) l();
};
/** True once the sealed session is open after an unlock: screens that call the API wait for it. */
export const useSessionOpen = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );

/**
 * Right after the PIN unlocked `db`: a fresh sign-in's token and profile (in memory) are sealed; otherwise the sealed
 * ones are opened into memory. The session counts as open even if storage failed, so the officer is never stuck.
 */
export async function openSession(db: UserDb): Promise<void> {
  try {
    const token = getToken();
    if (token) await setMeta(db, TOKEN_META, token);
    else {
      const sealed = await getMeta<string>(db, TOKEN_META);
      if (typeof sealed === 'string' && sealed) restoreToken(sealed);
    }
    if (profileIsWhole()) await setMeta(db, PROFILE_META, getProfile());
    else {
      const sealed = await getMeta<Profile>(db, PROFILE_META);
      if (sealed && typeof sealed === 'object') restoreProfile(sealed);
    }
  } finally {
    setOpen(true);
  }
}

/** Before the user's database is deleted (logout): nothing is sealed into it any more; memory is left as it is. */
export function endSealing(): void {
  setOpen(false);
}

/** The phone locks: the token leaves memory, the profile keeps its public part. */
export function closeSession(): void {
  setOpen(false);
  forgetToken();
  reduceProfile();
}

/**
 * REQ-AUTH-12: a 401 through the queue removes the dead token, from memory and from the seal. The session
 * stays (its marker, the PIN-sealed profile and work), so the officer goes on capturing, the queue stays paused and
 * intact, and 'Sign in again' (OTP, then the PIN) keeps this phone's work as it did when the token was kept.
 */
export async function dropDeadToken(db: UserDb): Promise<void> {
  forgetToken();
  await db.meta.delete(TOKEN_META);
}

/** While the session is open, a new token or profile is sealed at once and a sign-out removes the sealed token. */
export function sealChanges(db: UserDb): () => void {
  const onToken = () => {
    if (!open) return;
    const token = getToken();
    void (token ? setMeta(db, TOKEN_META, token) : db.meta.delete(TOKEN_META)).catch(() => undefined);
  };
  const onProfile = () => {
    if (open && profileIsWhole()) void setMeta(db, PROFILE_META, getProfile()).catch(() => undefined);
  };
  const offToken = subscribeCredentials(onToken);
  const offProfile = subscribeProfile(onProfile);
  return () => {
    offToken();
    offProfile();
  };
}
