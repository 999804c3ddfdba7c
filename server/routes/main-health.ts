import { Hono } from 'hono';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import { ok } from '../respond';

/** Never stored: asking for it is a round trip to the file store that reads nothing. */
const PROBE_KEY = 'health/probe';

export const mainHealthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  const { db, files } = c.var.deps;
  // A load balancer takes the instance out of rotation while it cannot reach the database or the file store.
  try {
    await db.query('SELECT 1');
    await files.open(PROBE_KEY);
  } catch {
    throw new ApiError(503, 'Service unavailable');
  }
  return ok(c, { status: 'ok', api: 'main' });
});
