// The languages the app speaks, their BCP 47 tags (what `<html lang>` and Intl read) and their own names.

export const LOCALES = ['en', 'hi', 'mr'] as const;
export type Locale = (typeof LOCALES)[number];
/** `en-XA`: accented, longer, bracketed English that shows untranslated or clipped text; dev and test builds only. */
export type UiLocale = Locale | 'en-XA';

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** The document's language tag. */
export const LANG_TAG: Record<UiLocale, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN', 'en-XA': 'en-XA' };

/**
 * What Intl formats with: Indian conventions in all three, Latin digits everywhere (CLDR's default for Marathi is
 * Devanagari digits; amounts, mobile numbers and ids are read against Latin-digit keypads, documents and SMS).
 */
export const INTL_TAG: Record<UiLocale, string> = {
  en: 'en-IN',
  hi: 'hi-IN-u-nu-latn',
  mr: 'mr-IN-u-nu-latn',
  'en-XA': 'en-IN',
};

/** Each language named in its own script, so a reader finds theirs whatever the screen is in. */
export const OWN_NAME: Record<UiLocale, string> = { en: 'English', hi: 'हिन्दी', mr: 'मराठी', 'en-XA': '[Ƥşéûδô]' };

/** The phone's first language we speak, in the order the phone lists them; English if none. */
export function fromPhone(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}
