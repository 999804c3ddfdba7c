import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

export const CSP =
  "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
  "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

const HEADERS: Record<string, string> = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(self), geolocation=(self), microphone=()',
};

export const securityHeaders = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await next();
  for (const [k, v] of Object.entries(HEADERS)) c.res.headers.set(k, v);
  // API answers carry personal data: never cache them (a route may set a stricter value itself).
  if (c.req.path.startsWith('/api/') && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};
