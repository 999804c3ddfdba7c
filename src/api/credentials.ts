// Login token and guest token (platform §3 "Storage held in the browser"), with change notification.
const TOKEN_KEY = 'flo.token';
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
const write = (key: string, value: string | null) => {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  for (const l of listeners) l();
};

export const getToken = () => read(TOKEN_KEY);
export const setToken = (token: string | null) => write(TOKEN_KEY, token);
export const getGuestToken = () => read(GUEST_KEY);
export const setGuestToken = (token: string | null) => write(GUEST_KEY, token);
/** Platform §7: the login token, or else the guest token. */
export const authHeaderToken = () => getToken() ?? getGuestToken();

export function subscribeCredentials(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Platform §8: a 401 on the main API logs the user out; the auth feature listens here. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}
export function notifyUnauthorized() {
  for (const l of unauthorizedListeners) l();
}
