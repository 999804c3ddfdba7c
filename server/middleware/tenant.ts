import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { tenantIdForHost } from '../fixtures/tenants';

export const resolveTenant = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const forwarded = c.var.deps.config.trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0] : undefined;
  // In-process requests (tests) have no Host header; the URL carries the host then.
  const host = forwarded ?? c.req.header('host') ?? new URL(c.req.url).host;
  c.set('tenantId', tenantIdForHost(host));
  await next();
};
