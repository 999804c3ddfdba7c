import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

/** The number of trusted proxies in front: TRUST_PROXY=N, `true` meaning one. */
export const proxyHops = (trustProxy: boolean | number): number => (trustProxy === true ? 1 : trustProxy === false ? 0 : trustProxy);

/**
 * The caller's address. Behind N trusted proxies, each appending the address it was reached from, the rightmost N
 * entries of x-forwarded-for were written by them and everything left of those by the caller: the client is the entry
 * N hops from the right (a forged leftmost entry changes nothing). Without a trusted proxy: the socket, else 'unknown'.
 */
export function clientIp(c: Context<AppEnv>): string {
  const hops = proxyHops(c.var.deps.config.trustProxy);
  if (hops > 0) {
    const entries = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter((e) => e !== '');
    const picked = entries[Math.max(0, entries.length - hops)];
    if (picked) return picked;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
