// Amount and count inputs (REQ-VAL-2: amount inputs keep digits only; empty is null). Digits only must not mean
// "every digit joined": a pasted "1,00,000.50" is one hundred thousand rupees and fifty paise, not 10000050. Grouping
// commas, spaces and the rupee sign are dropped; a decimal point is kept with its paise, so the value read is the value
// meant, and a count or whole-rupee field refuses a fraction in its own words rather than taking a different number.

/** "₹ 1,00,000.50" → "100000.50": digits and one decimal point with at most 2 decimals; what an amount field shows. */
export function amountText(text: unknown): string {
  const [whole = '', ...rest] = String(text ?? '')
    .replace(/[^\d.]/g, '')
    .split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}

/** The number an amount or count field holds, null when empty: "1,00,000.50" → 100000.5, "₹ 25,000" → 25000. */
export const digitsToNumber = (text: unknown): number | null => {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  const clean = amountText(text);
  if (clean === '' || clean === '.') return null;
  return Number(clean.startsWith('.') ? `0${clean}` : clean);
};
