// Which language the screens are in: the person's choice on this device (not personal data, so localStorage), else
// the phone's languages. Switching loads the catalogue first, then tells every subscriber, so no screen shows half
// of each; `<html lang>` follows, for screen readers and hyphenation.
import { useSyncExternalStore } from 'react';
import { fromPhone, isLocale, LANG_TAG, type UiLocale } from './locales';
import { loadLocale } from './runtime';

const KEY = 'ui-language';
/** The pseudo-locale is offered in dev and test builds only. */
export const PSEUDO_ENABLED = import.meta.env.DEV || import.meta.env.VITE_E2E_HOOKS === '1' || import.meta.env.MODE === 'test';

let active: UiLocale = 'en';
const listeners = new Set<() => void>();

export const getLocale = (): UiLocale => active;

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active language; a component that calls it re-renders when the language changes (its state kept). */
export const useLocale = (): UiLocale => useSyncExternalStore(subscribeLocale, getLocale, getLocale);

function stored(): UiLocale | null {
  try {
    const value = localStorage.getItem(KEY);
    return isLocale(value) || (PSEUDO_ENABLED && value === 'en-XA') ? value : null;
  } catch {
    return null;
  }
}

/** Every screen reads its texts again (the language changed, or a table that finds texts came). */
export function notifyLocale() {
  for (const listener of [...listeners]) listener();
}

function apply(locale: UiLocale) {
  active = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = LANG_TAG[locale];
  notifyLocale();
}

/** Before the first render: the device's language, loaded, so the first screen is already in it. */
export async function startLocale(): Promise<UiLocale> {
  const wanted = stored() ?? fromPhone(typeof navigator === 'undefined' ? [] : (navigator.languages ?? []));
  try {
    await loadLocale(wanted);
    apply(wanted);
  } catch {
    // Its catalogue could not be fetched (offline before the precache finished): English, rather than no screen.
    apply('en');
  }
  return active;
}

/** The person's choice: kept on this device, loaded, then every screen re-renders in it. */
export async function setLocale(locale: UiLocale): Promise<void> {
  await loadLocale(locale);
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // Storage refused (private mode): the choice holds until the app closes.
  }
  apply(locale);
}
