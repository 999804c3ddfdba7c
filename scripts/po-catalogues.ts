// Build step for the language catalogues: `import('virtual:locale/hi')` is every src/locales/hi/*.po file compiled into
// one module, msgid (the English source) → Lingui's compiled message, so the phone ships no ICU parser and downloads
// only the language it shows. An entry with an empty msgstr is left out: the English source shows instead.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { parsePo } from '../src/i18n/po';

const PREFIX = 'virtual:locale/';
const RESOLVED = '\0virtual:locale/';

export function compileCatalogue(dir: string): Record<string, unknown> {
  const messages: Record<string, unknown> = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.po'))
    .sort()) {
    for (const entry of parsePo(readFileSync(join(dir, file), 'utf8'), file)) {
      if (entry.msgstr.trim()) messages[entry.msgid] = compileMessage(entry.msgstr);
    }
  }
  return messages;
}

export function poCatalogues(localesDir: string): Plugin {
  return {
    name: 'po-catalogues',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const locale = id.slice(RESOLVED.length);
      if (!/^[a-z]{2}$/.test(locale)) throw new Error(`no catalogue "${locale}"`);
      const dir = join(localesDir, locale);
      for (const file of readdirSync(dir)) if (file.endsWith('.po')) this.addWatchFile(join(dir, file));
      // JSON.parse of one string is faster for the engine than an object literal of this size.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalogue(dir)))});`;
    },
  };
}
