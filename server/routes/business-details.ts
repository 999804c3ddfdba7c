import { Hono } from 'hono';
import { StatementAnalysisRequest } from '../../contracts/business';
import type { AppEnv } from '../app-env';
import { staffOrGuestFor } from '../middleware/application-caller';
import { requireCaller } from '../middleware/session';
import { jsonBody, ok, validate } from '../respond';
import { toApplication } from '../services/application-store';
import { analyseStatement } from '../services/bank-statements';
import { submitBusinessDetails, updateBusinessDetails } from '../services/business-details';

// Business details and the statement analysis (CAM) of the main API, staff
// token. Writes: the application's owner, or a guest on its own application (the statement analysis stays staff-only). Shapes in docs/api.md, rules in docs/workflow.md "Business details".

const APP_ID = '[0-9a-f]{32}';
const staff = (c: Parameters<typeof requireCaller>[0]) => requireCaller(c, ['staff']);

export const businessDetailRoutes = new Hono<AppEnv>()
  .post(`/v1/app/mfi/:id{${APP_ID}}/business-detail`, async (c) => {
    const caller = staffOrGuestFor(c, c.req.param('id'));
    return ok(c, toApplication(await submitBusinessDetails(c.var.deps, caller, c.req.param('id'), await jsonBody(c))));
  })
  .patch(`/v1/app/mfi/:id{${APP_ID}}/business-detail`, async (c) => {
    const caller = staffOrGuestFor(c, c.req.param('id'));
    return ok(c, toApplication(await updateBusinessDetails(c.var.deps, caller, c.req.param('id'), await jsonBody(c))));
  })
  .post('/v1/banking/bank-statement-info', async (c) => {
    const caller = staff(c);
    const body = validate(StatementAnalysisRequest, await jsonBody(c));
    // The answer is a short-lived URL: a retry with the same Idempotency-Key signs a fresh one (the CAM file is reused).
    c.set('idempotencyNoStore', true);
    return ok(c, await analyseStatement(c.var.deps, caller, body));
  });
