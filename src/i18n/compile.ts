// English has no catalogue: its text is the source itself, in ICU MessageFormat. This turns a source into Lingui's
// compiled form at run time, for the subset the sources use ({name}, {n, plural|select|selectordinal, …} with `#`,
// {n, number}, ICU quoting). Lingui's own compiler would add a full ICU parser to every page's first download; the
// catalogues are compiled at build time with it (scripts/po-catalogues.ts), and the catalogue check parses every
// source with it, so a source this subset cannot read fails there first.

export type CompiledMessage = Array<string | CompiledToken>;
type CompiledToken = [name: string, type?: string, format?: string | Record<string, CompiledMessage | number>];

const CASES = new Set(['plural', 'select', 'selectordinal']);

class Reader {
  i = 0;
  constructor(readonly s: string) {}
  ws() {
    while (/\s/.test(this.s[this.i] ?? '')) this.i++;
  }
  until(stop: RegExp): string {
    const from = this.i;
    while (this.i < this.s.length && !stop.test(this.s[this.i]!)) this.i++;
    return this.s.slice(from, this.i).trim();
  }
  expect(c: string) {
    if (this.s[this.i] !== c) throw new Error(`"${c}" expected at ${this.i} in: ${this.s}`);
    this.i++;
  }
}

function push(out: CompiledMessage, text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (typeof last === 'string' && last !== '#') out[out.length - 1] = last + text;
  else out.push(text);
}

function message(r: Reader, inCase: boolean): CompiledMessage {
  const out: CompiledMessage = [];
  const s = r.s;
  while (r.i < s.length) {
    const c = s[r.i]!;
    if (c === '}') return out;
    if (c === '{') {
      out.push(argument(r));
    } else if (c === '#' && inCase) {
      out.push('#');
      r.i++;
    } else if (c === "'" && s[r.i + 1] === "'") {
      push(out, "'");
      r.i += 2;
    } else if (c === "'" && /[{}#]/.test(s[r.i + 1] ?? '')) {
      // Quoted literal: up to the next lone apostrophe.
      const end = s.indexOf("'", r.i + 1);
      push(out, s.slice(r.i + 1, end < 0 ? s.length : end));
      r.i = end < 0 ? s.length : end + 1;
    } else {
      push(out, c);
      r.i++;
    }
  }
  return out;
}

function argument(r: Reader): CompiledToken {
  r.expect('{');
  const name = r.until(/[,}]/);
  if (r.s[r.i] === '}') {
    r.i++;
    return [name];
  }
  r.expect(',');
  const type = r.until(/[,}]/);
  if (!CASES.has(type)) {
    let style: string | undefined;
    if (r.s[r.i] === ',') {
      r.i++;
      style = r.until(/\}/);
    }
    r.expect('}');
    return style ? [name, type, style] : [name, type];
  }
  r.expect(',');
  const cases: Record<string, CompiledMessage | number> = {};
  for (;;) {
    r.ws();
    if (r.s[r.i] === '}') break;
    const key = r.until(/[\s{]/);
    if (key.startsWith('offset:')) {
      cases.offset = Number(key.slice(7));
      continue;
    }
    r.ws();
    r.expect('{');
    cases[key.replace(/^=/, '')] = message(r, type !== 'select');
    r.expect('}');
  }
  r.expect('}');
  return [name, type, cases as Record<string, CompiledMessage>];
}

/** The compiled form of an ICU source (always an array, as Lingui's compiler gives). */
export function compileSource(source: string): CompiledMessage {
  const r = new Reader(source);
  const out = message(r, false);
  if (r.i < source.length) throw new Error(`unbalanced "}" at ${r.i} in: ${source}`);
  return out.length ? out : [''];
}
