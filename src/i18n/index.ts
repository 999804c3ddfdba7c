// The one door to the person's language. Code passes the English source text (the specification's exact words, in
// ICU MessageFormat: `{name}`, `{count, plural, one {…} other {…}}`) and gets the active language's text back; a
// source missing from a catalogue falls back to English rather than to a key nobody can read.
// This first version only substitutes `{name}` placeholders; the catalogue loading lands beside it.

export type MessageValues = Record<string, string | number>;

export function t(source: string, values?: MessageValues): string {
  if (!values) return source;
  return source.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
