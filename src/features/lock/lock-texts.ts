// The unlock screen's texts, and what a start needs to draw that screen before the app has loaded (early-unlock.ts):
// kept by the app in the officer's language, with the lender's look, whenever it runs signed in. Nothing in it is
// personal: the officer's name is read from the profile the locked screen already keeps.
import { msg } from '../../../contracts/msg';
import type { TenantConfig } from '../../../contracts/tenant';
import { LANG_TAG, t, type UiLocale } from '../../i18n';
import { EARLY_KEY, EARLY_UNLOCK_URL, type EarlyCache } from './early-unlock';

export const LOCK_TEXTS = {
  title: msg('Enter your PIN'),
  info: msg('The work on this phone is locked. Enter your 6-digit PIN to open it.'),
  pin: msg('PIN'),
  unlock: msg('Unlock'),
  busy: msg('Unlocking...'),
  forgot: msg('Forgot PIN?'),
  short: msg('Enter your 6-digit PIN'),
} as const;

/** Kept for the next start of this officer in this build; written again when the language or the lender's look changes. */
export function rememberEarlyUnlock(user: number, tenant: TenantConfig | null, locale: UiLocale) {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
  if (user === -1 || !entry) return;
  const texts = Object.fromEntries(Object.entries(LOCK_TEXTS).map(([k, v]) => [k, t(v)])) as EarlyCache['texts'];
  const cache: EarlyCache = {
    user,
    url: EARLY_UNLOCK_URL,
    entry,
    lang: LANG_TAG[locale],
    brand: tenant?.brand_color ?? null,
    logo: tenant ? { src: tenant.logo_url, alt: tenant.name } : null,
    texts,
  };
  try {
    localStorage.setItem(EARLY_KEY, JSON.stringify(cache));
  } catch {
    // Storage refused: the next start draws its PIN screen with the app, as without this.
  }
}

/** Signed out, or the phone's copy erased: the next start has no PIN screen to draw early. */
export function forgetEarlyUnlock() {
  try {
    localStorage.removeItem(EARLY_KEY);
  } catch {
    // Storage refused: early-unlock.ts checks the profile and the session itself.
  }
}
