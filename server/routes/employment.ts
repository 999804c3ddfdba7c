import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { staffOrGuestFor } from '../middleware/application-caller';
import { jsonBody, ok } from '../respond';
import { toApplication } from '../services/application-store';
import { submitEmployment } from '../services/employment';

// 'Submit employment'  (main API, staff token, the application's owner; or a guest on its
// own application). Shapes in
// docs/api.md, rules in docs/workflow.md "Employment".

const APP_ID = '[0-9a-f]{32}';

export const employmentRoutes = new Hono<AppEnv>().post(`/v1/app/mfi/:id{${APP_ID}}/employment-info`, async (c) => {
  const caller = staffOrGuestFor(c, c.req.param('id'));
  return ok(c, toApplication(await submitEmployment(c.var.deps, caller, c.req.param('id'), await jsonBody(c))));
});
