import { Hono } from 'hono';
import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import { requireCaller } from '../middleware/session';
import { ok } from '../respond';
import { accessLogOf } from '../services/access-log';
import { loadApplication } from '../services/application-store';
import { productRoleOfCaller } from '../services/caller-role';

// Who looked at an application's identity and documents (docs/security.md "Access log"): for the review role of its
// branch and the head office; anyone else 403, and the branch scope answers 404 outside the branch as for any read.

export const accessLogRoutes = new Hono<AppEnv>().get('/v1/app/mfi/:id{[0-9a-f]{32}}/access-log', async (c) => {
  const caller = requireCaller(c, ['staff']);
  const { db } = c.var.deps;
  const app = await loadApplication(db, caller, c.req.param('id'));
  const role = await productRoleOfCaller(db, caller);
  if (role !== 'REVIEW' && role !== 'HEAD_OFFICE') throw new ApiError(403, SERVER_MSG.forbidden);
  return ok(c, { entries: await accessLogOf(db, caller.tenantId, app.id) });
});
