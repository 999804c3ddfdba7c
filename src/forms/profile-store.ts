// The signed-in user's profile, kept so the app opens offline after one online sign-in.
import { useSyncExternalStore } from 'react';
import { EMPTY_PROFILE, type Profile } from '../../contracts/profile';

const KEY = 'flo.profile';
const listeners = new Set<() => void>();
let current: Profile = (() => {
  try {
    return { ...EMPTY_PROFILE, ...(JSON.parse(localStorage.getItem(KEY) ?? 'null') ?? {}) };
  } catch {
    return EMPTY_PROFILE;
  }
})();

export function setProfile(p: Profile | null) {
  current = p ?? EMPTY_PROFILE;
  if (p) localStorage.setItem(KEY, JSON.stringify(p));
  else localStorage.removeItem(KEY);
  for (const l of listeners) l();
}
export const getProfile = () => current;
export function useProfile(): Profile {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
