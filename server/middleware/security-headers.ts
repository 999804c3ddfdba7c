import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * The PWA loads only its own scripts (vite emits no inline script and the service worker is registered
 * from code, not an injected snippet), shows photo previews from blob: URLs, runs its service worker and
 * resize worker from its own origin (or blob:), and talks only to its own origin's APIs. Styles allow
 * 'unsafe-inline' because the toast library inserts a <style> and the static legal pages carry one;
 * scripts never do.
 */
export const CSP =
  "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
  "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** One year, subdomains included: set only on an answer that itself came over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

const HEADERS: Record<string, string> = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(self), geolocation=(self), microphone=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export const securityHeaders = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  await next();
  for (const [k, v] of Object.entries(HEADERS)) c.res.headers.set(k, v);
  // HSTS over plain HTTP is ignored by browsers and would pin a dev box's localhost: only when the
  // request came over TLS, or a trusted proxy in front terminated TLS and says so.
  const forwardedProto = c.var.deps.config.trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() : undefined;
  const tls = (forwardedProto ?? new URL(c.req.url).protocol.replace(':', '')) === 'https';
  if (tls) c.res.headers.set('Strict-Transport-Security', HSTS);
  // API answers carry personal data: never cache them (a route may set a stricter value itself).
  if (c.req.path.startsWith('/api/') && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};
