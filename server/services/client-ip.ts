import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

/** The caller's address: x-forwarded-for only behind a trusted proxy, else the socket, else 'unknown'. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.config.trustProxy) {
    const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (fwd) return fwd;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
