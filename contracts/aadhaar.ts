// Aadhaar numbers in text (docs/decisions.md "Aadhaar in free text"): a 12-digit number starting 2–9 whose last digit is
// its Verhoeff check digit, as UIDAI issues them, however it is written: whole or in groups with any short separators
// between them (double spaces, ':', '|', brackets...), letters touching it, in any script's digits.
import { msg } from './msg';

const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** True when the digits end in their Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  let c = 0;
  const rev = digits.split('').reverse();
  for (let i = 0; i < rev.length; i++) c = D[c]![P[i % 8]![Number(rev[i])]!]!;
  return c === 0;
}

/** The first code point of each run of ten decimal digits an Indian keyboard may type: full width and the Indic scripts. */
const DIGIT_ZEROS = [0xff10, 0x0660, 0x06f0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66];

/**
 * The text as the scan reads it: invisible format characters (zero-width, bidi controls,
 * \p{Cf}) gone, and every script's digits as 0–9. So '२३४५ ६७८९ …', or a number with a zero-width space between its
 * groups, is still a full Aadhaar number. Only the scan sees this; the stored text is the text sent.
 */
export function scanForm(text: string): string {
  return text.replace(/\p{Cf}/gu, '').replace(/\p{Nd}/gu, (ch) => {
    const cp = ch.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((z) => cp >= z && cp <= z + 9);
    return zero === undefined ? ch : String(cp - zero);
  });
}

/** Random ids (UUIDs, hex) hold digit runs and dashes by chance: they are never read as text. */
const ID_LIKE = /^[0-9a-f]{8}(-?[0-9a-f]{4}){3}-?[0-9a-f]{12}$|^[0-9a-f]{16,}$/i;

/**
 * Digit groups joined by short separators: one to three characters that are neither letters nor digits (spaces, double
 * spaces, ':', '|', brackets, dashes, dots, slashes...). Letters may touch the digits ('UID234567890123x'): a group
 * ends where the digits end, whatever stands beside it.
 */
const JOINED = /\d+(?:[^0-9A-Za-z]{1,3}\d+)*/g;
/**
 * A group shorter than 3 digits ends a window: dates, times, amounts in lakh grouping and coordinates are written in
 * 2-digit groups, and an Aadhaar number is written whole or in 4s (sometimes 6s or 8+4).
 */
const MIN_GROUP = 3;

/** Where full Aadhaar numbers stand in the scan form of `text`: whole groups adding up to 12 digits, 2–9 first, Verhoeff. */
function aadhaarSpans(form: string): { start: number; end: number; last4: string }[] {
  const spans: { start: number; end: number; last4: string }[] = [];
  for (const m of form.matchAll(JOINED)) {
    const groups = [...m[0].matchAll(/\d+/g)].map((g) => ({ start: (m.index ?? 0) + (g.index ?? 0), digits: g[0] }));
    for (let i = 0; i < groups.length; i++) {
      let digits = '';
      for (let j = i; j < groups.length && digits.length < 12; j++) {
        const g = groups[j]!;
        if (g.digits.length < MIN_GROUP && digits.length + g.digits.length !== 12) break;
        digits += g.digits;
        if (digits.length === 12 && /^[2-9]/.test(digits) && verhoeffValid(digits)) {
          spans.push({ start: groups[i]!.start, end: g.start + g.digits.length, last4: digits.slice(8) });
        }
      }
    }
  }
  return spans;
}

/** True when the text holds something that reads as a full Aadhaar number, however it is written. */
export function containsAadhaar(text: string): boolean {
  if (ID_LIKE.test(text)) return false;
  return aadhaarSpans(scanForm(text)).length > 0;
}

/**
 * The text with every full Aadhaar number in it reduced to its last 4 ('XXXX XXXX 1234'): for what is already stored
 * or is written by the server itself (event history). Text without one comes back unchanged.
 */
export function maskAadhaar(text: string): string {
  if (ID_LIKE.test(text)) return text;
  const form = scanForm(text);
  const spans = aadhaarSpans(form);
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const sp of spans) {
    if (sp.start < at) continue;
    out += `${form.slice(at, sp.start)}XXXX XXXX ${sp.last4}`;
    at = sp.end;
  }
  return out + form.slice(at);
}

/**
 * Bank account numbers keep their digits under these exact keys, and only as 9–18 digits and nothing else
 * (docs/decisions.md "Aadhaar in free text"): a 12-digit account number may pass the Verhoeff check by chance.
 */
export const ACCOUNT_NUMBER_KEYS: ReadonlySet<string> = new Set(['account_number', 'confirm_account_number', 'bank_account_number']);
export const isAccountNumber = (key: string, value: string) => ACCOUNT_NUMBER_KEYS.has(key) && /^\d{9,18}$/.test(value);

/**
 * A JSON value with every string masked (maskAadhaar) where it holds a full number: the last guard before the event
 * history and the purge of what is stored (migration 016). Account numbers under their keys stay whole.
 */
export function maskAadhaarDeep(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return isAccountNumber(key, value) ? value : maskAadhaar(value);
  if (typeof value === 'number' && Number.isInteger(value) && !isAccountNumber(key, String(value))) {
    return containsAadhaar(String(value)) ? maskAadhaar(String(value)) : value;
  }
  if (Array.isArray(value)) return value.map((v) => maskAadhaarDeep(v, key));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskAadhaarDeep(v, k)]));
}

export const AADHAAR_TEXT_MSG = msg('Do not enter a full Aadhaar number here: only its last 4 digits may be kept');
