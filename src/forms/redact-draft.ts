// Full Aadhaar numbers never reach IndexedDB: a draft keeps only the last 4 digits.
const AADHAAR_KEY = /^aadhaar(_number|_no)?$/i;

export function redactDraft<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => redactDraft(v)) as T;
  if (!value || typeof value !== 'object' || value instanceof Blob || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (AADHAAR_KEY.test(k)) {
      const digits = typeof v === 'string' || typeof v === 'number' ? String(v).replace(/\D/g, '') : '';
      if (digits.length >= 4) out.aadhaar_last4 = digits.slice(-4);
      continue;
    }
    out[k] = redactDraft(v);
  }
  return out as T;
}
