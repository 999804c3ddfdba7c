// The gettext catalogue as this project writes it: `#` comments, then `msgid "…"` / `msgstr "…"` (a string may go on
// over `"…"` lines, as gettext tools wrap them). Read by the build plugin that compiles the catalogues and by the
// catalogue check; the phone never parses a .po file.

export type PoEntry = { msgid: string; msgstr: string; line: number };

const unquote = (quoted: string) =>
  quoted.slice(1, -1).replace(/\\(["\\nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));

/** The entries of a .po file, header (msgid "") left out. Throws on a line it cannot read, naming it. */
export function parsePo(text: string, file = 'catalogue'): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: { msgid: string; msgstr: string; line: number } | null = null;
  let field: 'msgid' | 'msgstr' | null = null;
  const flush = () => {
    if (current && current.msgid !== '') entries.push(current);
    current = null;
    field = null;
  };
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const at = index + 1;
    if (line === '' || line.startsWith('#')) {
      if (line === '' && field === 'msgstr') flush();
      return;
    }
    const m = /^(msgid|msgstr)\s+(".*")$/.exec(line);
    if (m) {
      if (m[1] === 'msgid') {
        flush();
        current = { msgid: unquote(m[2]!), msgstr: '', line: at };
        field = 'msgid';
      } else if (current) {
        current.msgstr = unquote(m[2]!);
        field = 'msgstr';
      } else throw new Error(`${file}:${at}: msgstr without a msgid`);
      return;
    }
    if (/^".*"$/.test(line) && current && field) {
      current[field] += unquote(line);
      return;
    }
    throw new Error(`${file}:${at}: cannot read "${line}"`);
  });
  flush();
  return entries;
}
