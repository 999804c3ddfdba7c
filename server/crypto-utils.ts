import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
export const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');
export const hmacHex = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

export function safeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length || !/^[0-9a-f]*$/.test(a)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}
