// The visitor's session (REQ-API-5 storage: guest token, application id, tracker id): the guest token the public OTP
// answered and the one application it is bound to. The token lives 2 h on the server; the application id stays so a
// visitor who comes back verifies the mobile again and lands on the same application.
import { getGuestToken, setGuestToken } from '../../api/credentials';
import { msg } from '../../../contracts/msg';

const APP_KEY = 'flo.guest-app';

/** Said when the queue meets a 401 (the guest token is removed) and above the page until the mobile is verified again. */
export const GUEST_SESSION_ENDED = msg('Your session has ended. Verify your mobile number again to send what you saved.');
const TRACKER_KEY = 'flo.tracker-id';

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export type GuestSession = { token: string | null; applicationId: string | null };

export const guestSession = (): GuestSession => ({ token: getGuestToken(), applicationId: read(APP_KEY) });

export function startGuestSession(token: string, applicationId: string) {
  localStorage.setItem(APP_KEY, applicationId);
  setGuestToken(token);
}

/** The external loan id of the visitor's application, kept for the track page after the data is cleared. */
export const lastTrackerId = () => read(TRACKER_KEY);
export const rememberTrackerId = (id: string) => localStorage.setItem(TRACKER_KEY, id);

/** 'Start a new application' and a finished application: the token and the application id go. */
export function endGuestSession() {
  localStorage.removeItem(APP_KEY);
  setGuestToken(null);
}
