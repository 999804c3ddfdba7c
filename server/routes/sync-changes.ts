import { Hono } from 'hono';
import { FEED_LIMITS, FEED_MSG } from '../../contracts/change-feed';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import { requireCaller } from '../middleware/session';
import { ok } from '../respond';
import { readChanges } from '../services/change-feed';

// GET /v1/sync/changes?since=<cursor>&limit=<n>: the change feed (server/services/change-feed.ts, docs/api.md "Change
// feed"). Staff read what their scope reaches; a guest its own application. A read: never an Idempotency-Key.

function pageSize(q: string | undefined): number {
  if (q === undefined || q === '') return FEED_LIMITS.defaultLimit;
  if (!/^\d{1,3}$/.test(q) || Number(q) < 1 || Number(q) > FEED_LIMITS.maxLimit) throw new ApiError(400, FEED_MSG.limit);
  return Number(q);
}

export const syncChangeRoutes = new Hono<AppEnv>().get('/v1/sync/changes', async (c) => {
  const caller = requireCaller(c, ['staff', 'guest']);
  const limit = pageSize(c.req.query('limit'));
  const { db, config } = c.var.deps;
  return ok(c, await readChanges(db, caller, c.req.query('since'), limit, config.now()));
});
