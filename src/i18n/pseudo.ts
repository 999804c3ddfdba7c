// The pseudo-locale en-XA: every letter accented, each text ~40% longer and bracketed, so text that skipped t() stays
// plain and a label that would clip in Hindi or Marathi clips here first. Placeholders and plural structure stay.
import type { CompiledMessage } from './compile';

const ACCENT: Record<string, string> = Object.fromEntries(
  [...'aàbƀcçdδeéfƒgĝhĥiîjĵkķlļmɱnñoôpƥqǫrŗsştţuûvṽwŵxẋyýzž'].flatMap((_, i, a) =>
    i % 2 === 0
      ? [
          [a[i]!, a[i + 1]!],
          [a[i]!.toUpperCase(), a[i + 1]!.toUpperCase()],
        ]
      : [],
  ),
);

const accent = (text: string) => text.replace(/[a-z]/gi, (c) => ACCENT[c] ?? c);

function pseudoTokens(tokens: CompiledMessage): CompiledMessage {
  return tokens.map((token) => {
    if (typeof token === 'string') return token === '#' ? token : accent(token);
    const [name, type, format] = token;
    if (!format || typeof format === 'string') return token;
    const cases = Object.fromEntries(Object.entries(format).map(([k, v]) => [k, typeof v === 'number' ? v : pseudoTokens(v)])) as Record<
      string,
      CompiledMessage
    >;
    return [name, type, cases];
  });
}

/** The pseudo form of a compiled English message. */
export function pseudo(tokens: CompiledMessage): CompiledMessage {
  const letters = tokens.filter((x): x is string => typeof x === 'string').join('').length;
  const pad = '·'.repeat(Math.max(1, Math.round(letters * 0.4)));
  return ['[', ...pseudoTokens(tokens), ` ${pad}]`];
}
