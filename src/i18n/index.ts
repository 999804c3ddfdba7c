// The one door to the person's language. Code passes the English source text (the specification's exact words, in
// ICU MessageFormat: `{name}`, `{count, plural, one {…} other {…}}`) and gets the active language's text back; a
// source missing from a catalogue falls back to English rather than to a key nobody can read. English has no
// catalogue: its sources are compiled on first use (compile.ts); Hindi and Marathi come compiled from src/locales.
import { getLocale, notifyLocale } from './active';
import type { Locale } from './locales';
import { type MessageValues, translate } from './runtime';

export type { MessageValues } from './runtime';
export { getLocale, PSEUDO_ENABLED, setLocale, startLocale, subscribeLocale, useLocale } from './active';
export { INTL_TAG, LANG_TAG, LOCALES, type Locale, OWN_NAME, type UiLocale, isLocale } from './locales';
export { loadLocale } from './runtime';

export function t(source: string, values?: MessageValues): string {
  return translate(getLocale(), source, values);
}

/**
 * The text of `source` in a language other than the screen's: the KFS and the consent in the borrower's language.
 * Call `loadLocale(locale)` first; until it resolves this gives English.
 */
export function tIn(locale: Locale, source: string, values?: MessageValues): string {
  return translate(locale, source, values);
}

// A text a contract filled with values ('Please select Title') is found again by a table that loads after the first
// screen (contracts/msg-template.ts); until it has come such a text shows as t() gives it, and every screen reads its
// texts again when it comes.
let localizer: ((text: string) => string) | null = null;

/** A message as the person reads it, whether its source is plain or was filled with values. */
export const localized = (text: string): string => (localizer ? localizer(text) : t(text));

let localizerLoad: Promise<void> | null = null;
export function loadLocalizer(): Promise<void> {
  localizerLoad ??= import('../../contracts/msg-template').then(
    (m) => {
      localizer = (text) => m.localize(text, t);
      notifyLocale();
    },
    (err: unknown) => {
      // Dropped by the link: the next call asks again.
      localizerLoad = null;
      throw err;
    },
  );
  return localizerLoad;
}
