import { hmacHex, safeEqualHex } from '../crypto-utils';

// `by` is who the link was issued to (the caller's subject, `user:{id}` or `guest-app:{id}`): signed with the rest,
// so the bytes served through it are recorded against that reader (server/services/access-log.ts), not a forged one.
const payload = (tenantId: string, fileId: string, exp: number, by: string) => `${tenantId}\n${fileId}\n${exp}\n${by}`;

export function signFileUrl(secret: string, tenantId: string, fileId: string, nowMs: number, ttlS: number, by = ''): string {
  const exp = Math.floor(nowMs / 1000) + ttlS;
  const sig = hmacHex(secret, payload(tenantId, fileId, exp, by));
  return `/api/main/v1/files/${fileId}?exp=${exp}${by ? `&by=${encodeURIComponent(by)}` : ''}&sig=${sig}`;
}

export function checkFileUrl(
  secret: string,
  tenantId: string,
  fileId: string,
  exp: string | undefined,
  sig: string | undefined,
  nowMs: number,
  by = '',
): 'ok' | 'expired' | 'bad' {
  if (!exp || !/^\d{1,12}$/.test(exp) || !sig || by.length > 80) return 'bad';
  if (!safeEqualHex(hmacHex(secret, payload(tenantId, fileId, Number(exp), by)), sig)) return 'bad';
  return Number(exp) * 1000 < nowMs ? 'expired' : 'ok';
}
