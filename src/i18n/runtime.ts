// The languages' texts: English (and the pseudo-locale) from the source itself, compiled on first use (compile.ts)
// and filled in here; Hindi and Marathi through Lingui, one instance per language, so the officer's screens and the
// borrower's KFS (tIn) can be in different languages at once. A catalogue loads on demand, with Lingui, as one module
// per language compiled at build time (scripts/po-catalogues.ts); the service worker precaches them all, so switching
// works offline.
import type { I18n, Messages } from '@lingui/core';
import { type CompiledMessage, compileSource } from './compile';
import { interpolate, type MessageValues } from './interpolate';
import { INTL_TAG, type Locale, type UiLocale } from './locales';

export type { MessageValues } from './interpolate';

const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>> = {
  hi: () => import('virtual:locale/hi'),
  mr: () => import('virtual:locale/mr'),
};

const instances = new Map<UiLocale, I18n>();
const loaded = new Map<UiLocale, Promise<void>>([['en', Promise.resolve()]]);
const english = new Map<string, CompiledMessage>();
let pseudoOf: ((m: CompiledMessage) => CompiledMessage) | null = null;

/** The English source, compiled once. */
function compiled(source: string): CompiledMessage {
  let c = english.get(source);
  if (!c) {
    try {
      c = compileSource(source);
    } catch {
      // A text from elsewhere (a server message) that is no valid ICU is shown as it is, never a broken screen.
      c = [source];
    }
    english.set(source, c);
  }
  return c;
}

async function load(locale: UiLocale): Promise<void> {
  if (locale === 'en-XA') {
    pseudoOf = (await import('./pseudo')).pseudo;
    return;
  }
  if (locale === 'en') return;
  const [{ setupI18n }, { default: messages }] = await Promise.all([import('@lingui/core'), LOADERS[locale]()]);
  instances.set(locale, setupI18n({ locale, locales: [INTL_TAG[locale]], messages: { [locale]: messages } }));
}

/** Loads a language's catalogue (once); resolves when its texts can be shown. */
export function loadLocale(locale: UiLocale): Promise<void> {
  let pending = loaded.get(locale);
  if (!pending) {
    pending = load(locale);
    // A failed load (a chunk missing offline before the precache finished) may be tried again.
    pending.catch(() => loaded.delete(locale));
    loaded.set(locale, pending);
  }
  return pending;
}

/** The text of `source` in `locale`; English until that language is loaded, and for a source it has no entry for. */
export function translate(locale: UiLocale, source: string, values: MessageValues = {}): string {
  const i18n = instances.get(locale);
  if (i18n) {
    // Lingui types the fallback as text, but reads it as a catalogue entry: a compiled one needs no compiler.
    return i18n._(source, values, { message: compiled(source) as unknown as string });
  }
  if (locale === 'en-XA' && pseudoOf) return interpolate(pseudoOf(compiled(source)), values, INTL_TAG[locale]);
  return source.includes('{') ? interpolate(compiled(source), values, INTL_TAG.en) : source;
}
