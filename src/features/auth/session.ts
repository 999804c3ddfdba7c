// Sign-in state (REQ-AUTH-8, REQ-AUTH-9): signed in means a stored token; unknown designations are logged out.
import { productRoleOf } from '../../../contracts/roles';
import { MSG } from '../../../contracts/messages';
import { getMe } from '../../api/auth/get-me';
import { logoutCall } from '../../api/auth/logout';
import { revokeLater } from '../../api/auth/revoke-later';
import { ApiFailure } from '../../api/http';
import { useSyncExternalStore } from 'react';
import { getToken, hasSession, setToken } from '../../api/credentials';
import { toast } from '../../lib/toast';
import { getProfile, setProfile } from '../../session/profile-store';

/**
 * Signed in: a token. In memory (just signed in, or unlocked), or sealed behind the PIN in the database of a known
 * officer (credentials.ts hasSession: the marker of a sealed token, with the profile whose database holds it). A
 * sign-in that never loaded its profile, or never reached the PIN, leaves no session: such a phone opens on the login,
 * not on a page that can never show anything.
 */
export const isSignedIn = () => getToken() !== null || (hasSession() && getProfile().id !== -1);

/** Where the profile load of a fresh sign-in stands: the signed-in frame shows a way forward when it failed. */
export type ProfileLoad = 'idle' | 'loading' | 'failed';
let load: ProfileLoad = 'idle';
const loadListeners = new Set<() => void>();
const setLoad = (next: ProfileLoad) => {
  load = next;
  for (const l of loadListeners) l();
};
export const useProfileLoad = () =>
  useSyncExternalStore(
    (l) => {
      loadListeners.add(l);
      return () => loadListeners.delete(l);
    },
    () => load,
  );

export async function loadProfileIfNeeded(onLoggedOut: () => void): Promise<void> {
  if (!getToken() || getProfile().id !== -1 || load === 'loading') return;
  setLoad('loading');
  try {
    const { data } = await getMe();
    if (!productRoleOf(data.role, data.mfi_employee?.designation)) {
      setLoad('idle');
      await logout(onLoggedOut);
      return;
    }
    setProfile(data);
    setLoad('idle');
  } catch {
    // A dropped link or a 5xx: the token stays, and the frame offers 'Try again' and 'Back to login'.
    setLoad('failed');
    toast.error(MSG.errorFetchingProfile);
  }
}

export async function logout(onLoggedOut: () => void): Promise<void> {
  const token = getToken();
  try {
    if (token) await logoutCall();
  } catch (err) {
    // The token is dropped locally whatever the server said; one that never reached it is revoked once back online.
    if (token && err instanceof ApiFailure && (err.isNetwork || err.status >= 500)) revokeLater(token);
  }
  setToken(null);
  setProfile(null);
  onLoggedOut();
}
