/** Amount and count inputs keep digits only; empty is null (REQ-VAL-2). */
export const digitsToNumber = (text: unknown): number | null => {
  const digits = String(text ?? '').replace(/\D/g, '');
  return digits ? Number(digits) : null;
};
