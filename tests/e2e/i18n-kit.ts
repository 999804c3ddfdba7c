// A language's text for an English source, read from the catalogues the app is built from, so a journey in Hindi
// finds its controls by the names a Hindi-reading officer sees; and a sweep of a screen for English left in it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

const unquote = (s: string) => JSON.parse(s) as string;

function catalogue(locale: string): Map<string, string> {
  const dir = join(process.cwd(), 'src/locales', locale);
  const out = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.po'))) {
    let id: string | null = null;
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (line.startsWith('msgid ')) id = unquote(line.slice(6));
      else if (line.startsWith('msgstr ') && id) {
        const text = unquote(line.slice(7));
        if (text) out.set(id, text);
        id = null;
      }
    }
  }
  return out;
}

const cache = new Map<string, Map<string, string>>();
/** The `locale` text of an English source with no placeholders; fails the test when the catalogue lacks it. */
export function inLocale(locale: string, source: string): string {
  if (!cache.has(locale)) cache.set(locale, catalogue(locale));
  const text = cache.get(locale)!.get(source);
  expect(text, `${locale} catalogue has "${source}"`).toBeTruthy();
  return text!;
}

/**
 * Latin words a person reads on the screen (text, and the names, placeholders and titles of what they can reach),
 * less what stays Latin in every language: codes and acronyms in capitals, figures, and the `keep` list (people's
 * names, the lender's name).
 */
export async function englishLeft(page: Page, keep: readonly string[]): Promise<string[]> {
  const found = await page.evaluate(() => {
    const shown = (el: Element) => {
      const r = (el as HTMLElement).getBoundingClientRect?.();
      const s = getComputedStyle(el);
      return !!r && r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
    };
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('script,style,noscript,[aria-hidden="true"],.ui-visually-hidden') || !shown(el)) continue;
      parts.push(n.textContent ?? '');
    }
    for (const el of document.querySelectorAll('[aria-label],[placeholder],[title],img[alt]')) {
      if (!shown(el)) continue;
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) parts.push(el.getAttribute(a) ?? '');
    }
    parts.push(document.title);
    return parts.join('\n');
  });
  const kept = new Set(keep.flatMap((k) => k.split(/\s+/)).map((w) => w.toLowerCase()));
  const words = found.match(/[A-Za-z][A-Za-z'’]+/g) ?? [];
  return [...new Set(words.filter((w) => !/^[A-Z0-9_]+$/.test(w) && !kept.has(w.toLowerCase())))];
}
