import { Hono } from 'hono';
import { StatementAnalysisRequest } from '../../contracts/business';
import type { AppEnv } from '../app-env';
import { staffOrGuestFor } from '../middleware/application-caller';
import { requireCaller } from '../middleware/session';
import { authorize, authorizeInService } from '../middleware/authorize';
import { body, parsed } from '../middleware/body';
import { ok } from '../respond';
import { toApplication } from '../services/application-store';
import { analyseStatement } from '../services/bank-statements';
import { businessPatch, submitBusinessDetails, updateBusinessDetails, validBusiness } from '../services/business-details';

// Business details and the statement analysis (CAM) of the main API, staff
// token. Writes: the application's owner, or a guest on its own application (the statement analysis stays staff-only). Shapes in docs/api.md, rules in docs/workflow.md "Business details".

const APP_ID = '[0-9a-f]{32}';
const staff = (c: Parameters<typeof requireCaller>[0]) => requireCaller(c, ['staff']);

export const businessDetailRoutes = new Hono<AppEnv>()
  .post(
    `/v1/app/mfi/:id{${APP_ID}}/business-detail`,
    authorize('business.submit', 'staff or guest'),
    body(parsed(validBusiness)),
    async (c) => {
      const caller = staffOrGuestFor(c, c.req.param('id'));
      return ok(c, toApplication(await submitBusinessDetails(c.var.deps, caller, c.req.param('id'), c.req.valid('json'))));
    },
  )
  .patch(
    `/v1/app/mfi/:id{${APP_ID}}/business-detail`,
    authorize('business.update', 'staff or guest'),
    body(parsed(businessPatch)),
    async (c) => {
      const caller = staffOrGuestFor(c, c.req.param('id'));
      return ok(c, toApplication(await updateBusinessDetails(c.var.deps, caller, c.req.param('id'), c.req.valid('json'))));
    },
  )
  .post('/v1/banking/bank-statement-info', authorizeInService('business.update', 'staff'), body(StatementAnalysisRequest), async (c) => {
    const caller = staff(c);
    const input = c.req.valid('json');
    // The answer is a short-lived URL: a retry with the same Idempotency-Key signs a fresh one (the CAM file is reused).
    c.set('idempotencyNoStore', true);
    return ok(c, await analyseStatement(c.var.deps, caller, input));
  });
