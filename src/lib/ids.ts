// Client-generated ids: application ids the server accepts on PUT, uuids for ops and idempotency keys.
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** 32 lowercase hex characters (128 random bits). */
export function newApplicationId(): string {
  return hex(crypto.getRandomValues(new Uint8Array(16)));
}

export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const APPLICATION_ID_PATTERN = /^[0-9a-f]{32}$/;
