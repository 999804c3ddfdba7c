import { hmacHex, safeEqualHex } from '../crypto-utils';

const payload = (tenantId: string, fileId: string, exp: number) => `${tenantId}\n${fileId}\n${exp}`;

export function signFileUrl(secret: string, tenantId: string, fileId: string, nowMs: number, ttlS: number): string {
  const exp = Math.floor(nowMs / 1000) + ttlS;
  const sig = hmacHex(secret, payload(tenantId, fileId, exp));
  return `/api/main/v1/files/${fileId}?exp=${exp}&sig=${sig}`;
}

export function checkFileUrl(
  secret: string, tenantId: string, fileId: string, exp: string | undefined, sig: string | undefined, nowMs: number,
): 'ok' | 'expired' | 'bad' {
  if (!exp || !/^\d{1,12}$/.test(exp) || !sig) return 'bad';
  if (!safeEqualHex(hmacHex(secret, payload(tenantId, fileId, Number(exp))), sig)) return 'bad';
  return Number(exp) * 1000 < nowMs ? 'expired' : 'ok';
}
