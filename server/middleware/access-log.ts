import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

/** One line per request. The path only: never the query string (it can hold pincodes, file ids, signatures). */
export const accessLog = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const start = performance.now();
  await next();
  c.var.deps.log.info({
    t: new Date().toISOString(),
    req_id: c.var.reqId,
    tenant: c.var.tenantId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Math.round((performance.now() - start) * 10) / 10,
  });
};
