import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { tenantById, tenantIdForHost, TENANTS } from '../fixtures/tenants';
import { ok } from '../respond';

const configFor = (host: string) => tenantById(tenantIdForHost(host)) ?? TENANTS[0]!;

/** Public: the client asks with its own host name; unknown hosts get the default tenant. */
export const tenantConfigRoutes = new Hono<AppEnv>()
  .get('/v1/public/tenant/hostname/:host/config', (c) => ok(c, configFor(c.req.param('host'))))
  .get('/v1/public/tenant/hostname/:host/logo', (c) => ok(c, { logo_url: configFor(c.req.param('host')).logo_url }));
