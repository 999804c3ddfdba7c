// Sign-in state (REQ-AUTH-8, REQ-AUTH-9): signed in means a session on this phone; unknown designations are logged out.
import { productRoleOf } from '../../../contracts/roles';
import { MSG } from '../../../contracts/messages';
import { getMe } from '../../api/auth/get-me';
import { logoutCall } from '../../api/auth/logout';
import { revokeLater } from '../../api/auth/revoke-later';
import { ApiFailure } from '../../api/http';
import { getToken, hasSession, setToken } from '../../api/credentials';
import { toast } from '../../lib/toast';
import { getProfile, setProfile } from '../../session/profile-store';

/** Signed in: a session on this phone, its token in memory or sealed behind the PIN. */
export const isSignedIn = () => hasSession();

export async function loadProfileIfNeeded(onLoggedOut: () => void): Promise<void> {
  if (!getToken() || getProfile().id !== -1) return;
  try {
    const { data } = await getMe();
    if (!productRoleOf(data.role, data.mfi_employee?.designation)) {
      await logout(onLoggedOut);
      return;
    }
    setProfile(data);
  } catch {
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
