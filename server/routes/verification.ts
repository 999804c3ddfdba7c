import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { ok } from '../respond';

/** Verification API base; the simulated checks are added by the workflow work. */
export const verificationRoutes = new Hono<AppEnv>().get('/health', (c) => ok(c, { status: 'ok', api: 'verification' }));
