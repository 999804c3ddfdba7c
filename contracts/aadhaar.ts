// Aadhaar numbers in text (issue 16; docs/decisions.md "Aadhaar in free text"): a 12-digit number starting 2–9 whose
// last digit is its Verhoeff check digit, as UIDAI issues them, written with or without spaces or dashes.

const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6], [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1], [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2], [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1], [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** True when the digits end in their Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  let c = 0;
  const rev = digits.split('').reverse();
  for (let i = 0; i < rev.length; i++) c = D[c]![P[i % 8]![Number(rev[i])]!]!;
  return c === 0;
}

/**
 * A run standing on its own: not part of a longer number, nor of an id or word (hex ids hold digit runs). Its groups
 * may be split by one space (any, a no-break space too), dash, dot, slash, underscore or comma.
 */
const RUN = /(?<![0-9A-Za-z])([2-9]\d{3})[\s\-./_,]?(\d{4})[\s\-./_,]?(\d{4})(?![0-9A-Za-z])/g;

/** The first code point of each run of ten decimal digits an Indian keyboard may type: full width and the Indic scripts. */
const DIGIT_ZEROS = [0xff10, 0x0660, 0x06f0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66];

/**
 * The text as the scan reads it (security probe, session 19): invisible format characters (zero-width, bidi controls,
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

/** True when the text holds something that reads as a full Aadhaar number. */
export function containsAadhaar(text: string): boolean {
  if (ID_LIKE.test(text)) return false;
  for (const m of scanForm(text).matchAll(RUN)) if (verhoeffValid(`${m[1]}${m[2]}${m[3]}`)) return true;
  return false;
}

export const AADHAAR_TEXT_MSG = 'Do not enter a full Aadhaar number here: only its last 4 digits may be kept';
