// The signed-in user's profile, kept so the app opens offline after one online sign-in.
// Only what the locked screen needs (id, name, role) stays in clear localStorage; the whole profile (address,
// bank account, PAN...) lives in memory while unlocked and sealed in the officer's encrypted database
// (src/session/session-seal.ts).
import { useSyncExternalStore } from 'react';
import { EMPTY_PROFILE, type Profile } from '../../contracts/profile';

/** Where the locked screen's part of the profile is kept (public/early-start.js reads it too). */
export const PROFILE_KEY = 'flo.profile';
const listeners = new Set<() => void>();

/** The part of a profile that may sit in clear storage. */
export const publicProfile = (p: Profile): Profile => ({
  ...EMPTY_PROFILE,
  id: p.id,
  first_name: p.first_name,
  last_name: p.last_name,
  role: p.role,
  mfi_employee: p.mfi_employee ? { designation: p.mfi_employee.designation ?? null } : p.mfi_employee,
});
const save = (p: Profile | null) => {
  try {
    if (p) localStorage.setItem(PROFILE_KEY, JSON.stringify(publicProfile(p)));
    else localStorage.removeItem(PROFILE_KEY);
  } catch {
    // storage refused: memory still holds what this page needs
  }
};

let current: Profile = EMPTY_PROFILE;
/** Whether `current` is the whole profile (fetched, or opened from the sealed copy) or only its public part. */
let whole = false;
try {
  const stored = JSON.parse(localStorage.getItem(PROFILE_KEY) ?? 'null') as Profile | null;
  if (stored) {
    current = { ...EMPTY_PROFILE, ...stored };
    // An earlier version kept the whole profile in clear: memory keeps it (sealed at the next unlock), the disk not.
    whole = JSON.stringify(publicProfile(current)) !== JSON.stringify(current);
    if (whole) save(current);
  }
} catch {
  current = EMPTY_PROFILE;
}

const notify = () => {
  for (const l of listeners) l();
};

export function setProfile(p: Profile | null) {
  current = p ?? EMPTY_PROFILE;
  whole = p !== null;
  save(p);
  notify();
}
/** The sealed profile opened after an unlock (the same user's only). */
export function restoreProfile(p: Profile) {
  if (current.id !== -1 && p.id !== current.id) return;
  current = p;
  whole = true;
  notify();
}
/** The phone locks: memory keeps only the public part. */
export function reduceProfile() {
  if (!whole) return;
  current = publicProfile(current);
  whole = false;
  notify();
}
export const profileIsWhole = () => whole;
export const getProfile = () => current;
export function subscribeProfile(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
export function useProfile(): Profile {
  return useSyncExternalStore(subscribeProfile, () => current);
}
