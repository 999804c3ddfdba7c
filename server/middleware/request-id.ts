import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export const requestId = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const incoming = c.req.header('x-request-id');
  const id = incoming && SANE_ID.test(incoming) ? incoming : randomUUID();
  c.set('reqId', id);
  await next();
  c.res.headers.set('x-request-id', id);
};
