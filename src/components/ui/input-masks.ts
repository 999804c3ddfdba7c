// An input shows what the form keeps. A mask rewrites the typed text as it is typed, so "1000.50" in an
// amount becomes "100050" on screen (REQ-VAL-2: amount inputs keep digits only), not only in the stored value.

/** The text kinds a FloatingInput can hold. `none` keeps what is typed. */
export type InputMask = 'digits' | 'decimal' | 'upper' | 'dmy' | 'none';

/** 15081985 → 15-08-1985: digits only, dashes put in after the day and the month. */
export function maskDmy(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join('-');
}

/** Digits and one decimal point with at most 2 decimals (percentages and visit figures): "12.345.6" → "12.34". */
function maskDecimal(text: string): string {
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}

export const MASKS: Record<InputMask, (text: string) => string> = {
  digits: (t) => t.replace(/\D/g, ''),
  decimal: maskDecimal,
  upper: (t) => t.toUpperCase().replace(/\s/g, ''),
  dmy: maskDmy,
  none: (t) => t,
};

/** The mask a field gets from how it asks for text, unless it names one: numeric → digits, characters → upper case. */
export function maskOf(props: { mask?: InputMask; inputMode?: string; autoCapitalize?: string; type?: string }): InputMask {
  if (props.mask) return props.mask;
  if (props.type === 'email' || props.type === 'password') return 'none';
  if (props.inputMode === 'numeric') return 'digits';
  if (props.inputMode === 'decimal') return 'decimal';
  if (props.autoCapitalize === 'characters') return 'upper';
  return 'none';
}

/** Applies a mask to an input in place, keeping the caret after the same typed characters. */
export function applyMask(input: HTMLInputElement, mask: InputMask) {
  const typed = input.value;
  const masked = MASKS[mask](typed);
  if (masked === typed) return;
  const caret = input.selectionStart ?? typed.length;
  input.value = masked;
  const at = Math.min(masked.length, MASKS[mask](typed.slice(0, caret)).length);
  // Only text-like inputs have a selection; the others throw.
  try {
    input.setSelectionRange(at, at);
  } catch {}
}
