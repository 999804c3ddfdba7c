const MAX_NAME = 120;
// C0/C1 controls, and the bidi marks and overrides that make "gpj.exe" display as "exe.jpg".
const unsafe = (cp: number) =>
  cp < 0x20 ||
  (cp >= 0x7f && cp <= 0x9f) ||
  cp === 0x61c ||
  cp === 0x200e ||
  cp === 0x200f ||
  (cp >= 0x202a && cp <= 0x202e) ||
  (cp >= 0x2066 && cp <= 0x2069);

/**
 * The name a client gave a file, made safe to store, show and echo back: its last path
 * segment only, without control or bidi characters or leading dots, at most 120 characters (the
 * extension kept). Never used to build a path: stored files live under random ids.
 */
export function safeFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const kept = [...last.normalize('NFC')].filter((ch) => !unsafe(ch.codePointAt(0) ?? 0)).join('');
  const cleaned = kept.replace(/^[.\s]+/, '').trim();
  if (!cleaned) return 'file';
  if (cleaned.length <= MAX_NAME) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, MAX_NAME - ext.length) + ext;
}
