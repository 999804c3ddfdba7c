// Every source the code passes to t(…)/tIn(…)/msg(…) (src/ and contracts/, read with the TypeScript compiler) is
// valid ICU that the run-time English compiler reads exactly as Lingui's compiler does, and has a translation in
// every language's catalogues (any area file) with the same placeholders and plural/select arguments; every msgstr
// is valid ICU. Sources not translated yet are listed in src/locales/known-missing.json until they are; the list
// may only shrink (a translated source still listed fails too).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileSource } from './compile';
import { interpolate } from './interpolate';
import { parsePo } from './po';
import { findSources } from './sources';

const ROOT = join(__dirname, '..', '..');
const LOCALES_DIR = join(ROOT, 'src', 'locales');
const uses = findSources(ROOT, ['src', 'contracts']);
const sources = [...new Set(uses.map((u) => u.source))].sort();
const where = (source: string) =>
  uses
    .filter((u) => u.source === source)
    .map((u) => `${u.file}:${u.line}`)
    .join(', ');

type Compiled = ReturnType<typeof compileMessage>;
/** The message's arguments: name and type (`count:plural`, `name:`), from the compiled form, nested ones too. */
function argumentsOf(compiled: Compiled, into = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return into;
  for (const token of compiled) {
    if (!Array.isArray(token)) continue;
    const [name, type, format] = token as [string, string?, unknown?];
    into.add(`${name}:${type ?? ''}`);
    if (format && typeof format === 'object') for (const branch of Object.values(format)) argumentsOf(branch as Compiled, into);
  }
  return into;
}

const catalogue = (locale: string) => {
  const entries = new Map<string, { msgstr: string; at: string }>();
  for (const file of readdirSync(join(LOCALES_DIR, locale)).filter((f) => f.endsWith('.po'))) {
    for (const e of parsePo(readFileSync(join(LOCALES_DIR, locale, file), 'utf8'), file)) {
      if (e.msgstr.trim()) entries.set(e.msgid, { msgstr: e.msgstr, at: `${locale}/${file}:${e.line}` });
    }
  }
  return entries;
};
const knownMissing: string[] = JSON.parse(readFileSync(join(LOCALES_DIR, 'known-missing.json'), 'utf8'));

describe('the sources in the code', () => {
  it('are found', () => {
    expect(sources.length).toBeGreaterThan(50);
  });

  it('are ICU that the run-time compiler reads as Lingui does', () => {
    const bad = sources.flatMap((s) => {
      try {
        return JSON.stringify(compileSource(s)) === JSON.stringify(compileMessage(s)) ? [] : [`${s} (${where(s)}): read differently`];
      } catch (err) {
        return [`${s} (${where(s)}): ${(err as Error).message}`];
      }
    });
    expect(bad).toEqual([]);
  });
});

describe('English, filled by our interpreter', () => {
  it('reads as Lingui fills it, for every source, at several counts', () => {
    const lingui = setupI18n({ locale: 'en', locales: ['en-IN'], messages: { en: {} } });
    const bad = sources.flatMap((s) => {
      const c = compileSource(s);
      return [0, 1, 2, 1500].flatMap((n) => {
        const values: Record<string, string | number> = {};
        for (const arg of argumentsOf(c)) {
          const [name, type] = arg.split(':') as [string, string];
          values[name] = type === 'select' || type === '' ? `v${n}` : n;
        }
        const ours = interpolate(c, values, 'en-IN');
        const theirs = lingui._(s, values, { message: c as unknown as string });
        return ours === theirs ? [] : [`${s} with ${JSON.stringify(values)}: ${ours} ≠ ${theirs}`];
      });
    });
    expect(bad).toEqual([]);
  });
});

describe.each(['hi', 'mr'])('the %s catalogues', (locale) => {
  const entries = catalogue(locale);

  it('have every msgstr as ICU with the msgid’s arguments', () => {
    const bad = [...entries].flatMap(([msgid, { msgstr, at }]) => {
      try {
        const want = [...argumentsOf(compileMessage(msgid))].sort().join(' ');
        const got = [...argumentsOf(compileMessage(msgstr))].sort().join(' ');
        return want === got ? [] : [`${at}: arguments ${got || '(none)'}, msgid has ${want || '(none)'}`];
      } catch (err) {
        return [`${at}: not ICU: ${(err as Error).message}`];
      }
    });
    expect(bad).toEqual([]);
  });

  it('translate every source (but the known-missing list)', () => {
    const missing = sources.filter((s) => !entries.has(s));
    const unexpected = missing.filter((s) => !knownMissing.includes(s));
    if (missing.length) console.info(`[i18n] ${locale}: ${missing.length} of ${sources.length} sources not translated`);
    expect(unexpected.map((s) => `${JSON.stringify(s)} (${where(s)})`)).toEqual([]);
  });
});

it('the known-missing list names no source that is translated everywhere or gone', () => {
  const all = ['hi', 'mr'].map(catalogue);
  const stale = knownMissing.filter((s) => !sources.includes(s) || all.every((c) => c.has(s)));
  expect(stale).toEqual([]);
});
