// Login token and guest token (REQ-API-5), with change notification.
// The officer's login token is never kept in clear browser storage. It lives in memory while the PIN has
// unlocked the phone, and sealed with the data key in the officer's encrypted database (src/session/session-seal.ts);
// localStorage keeps only a marker that a sealed session exists, so a locked or reloaded app knows to ask for the PIN.
const LEGACY_TOKEN_KEY = 'flo.token';
/** The marker of a sealed session (public/early-start.js reads it too). */
export const SIGNED_IN_KEY = 'flo.signed-in';
const GUEST_KEY = 'flo.guest-token';

type Listener = () => void;
const listeners = new Set<Listener>();
const unauthorizedListeners = new Set<Listener>();

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const store = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage refused: memory still holds what this page needs
  }
};
const notify = () => {
  for (const l of listeners) l();
};

let token: string | null = null;
// An earlier version kept the token in clear: it moves to memory (sealed at the next unlock) and leaves the disk now.
const legacy = read(LEGACY_TOKEN_KEY);
if (legacy) {
  token = legacy;
  store(SIGNED_IN_KEY, '1');
  store(LEGACY_TOKEN_KEY, null);
}

/** The login token while the phone is unlocked (or just signed in), else null. */
export const getToken = () => token;
// The marker says where the token is: 'fresh' in memory only (a sign-in not through to the PIN yet, gone with the page),
// 'sealed' behind the PIN in the officer's database ('1': sealed, as an earlier version wrote it). Only a sealed token
// outlives the page: a sign-in that never reached the PIN leaves no session behind, and a reload opens the login.
const SEALED = new Set(['sealed', '1']);
/** A session exists on this phone: a token in memory, or one sealed behind the PIN. */
export const hasSession = () => token !== null || SEALED.has(read(SIGNED_IN_KEY) ?? '');
/** A new sign-in (a token) or a sign-out (null): the marker follows. */
export function setToken(next: string | null) {
  token = next;
  store(SIGNED_IN_KEY, next ? 'fresh' : null);
  notify();
}
/** The token in memory is now sealed behind the PIN (session-seal.ts): the session outlives a reload. */
export function markTokenSealed() {
  if (token !== null) store(SIGNED_IN_KEY, 'sealed');
}
/** The sealed token opened after the PIN unlocked the phone. */
export function restoreToken(opened: string) {
  token = opened;
  notify();
}
/** The phone locks: the token leaves memory; the session stays (sealed). */
export function forgetToken() {
  token = null;
  notify();
}
export const getGuestToken = () => read(GUEST_KEY);
export const setGuestToken = (value: string | null) => {
  store(GUEST_KEY, value);
  notify();
};
/** REQ-API-2: the login token, or else the guest token. */
export const authHeaderToken = () => getToken() ?? getGuestToken();

export function subscribeCredentials(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** REQ-AUTH-12: a 401 on the main API logs the user out; the auth feature listens here. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}
export function notifyUnauthorized() {
  for (const l of unauthorizedListeners) l();
}

// e2e builds only (VITE_E2E_HOOKS=1, playwright.config.ts): the tests call the API as the signed-in user with the
// token this page holds in memory. Never in a production build.
if (import.meta.env.VITE_E2E_HOOKS === '1') globalThis.__floToken = () => token;
