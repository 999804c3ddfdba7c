import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { ok } from '../respond';

export const mainHealthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  await c.var.deps.db.query('SELECT 1');
  return ok(c, { status: 'ok', api: 'main' });
});
