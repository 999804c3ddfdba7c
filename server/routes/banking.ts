import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { ok } from '../respond';

/** Banking API base; statement identity parsing is added by the workflow work. */
export const bankingRoutes = new Hono<AppEnv>().get('/health', (c) => ok(c, { status: 'ok', api: 'banking' }));
