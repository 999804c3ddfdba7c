import { Hono } from 'hono';
import { REFERENCE_MSG } from '../../contracts/references';
import type { AppEnv } from '../app-env';
import { staffOrGuestFor } from '../middleware/application-caller';
import { jsonBody } from '../respond';
import { toApplication } from '../services/application-store';
import { submitReferences } from '../services/references';

// 'Add references'  PATCH /v1/app/mfi/{id}/reference (main API, staff token: any staff
// member of the tenant; or a guest on its own application). Answer `{ success:true, message:'Reference(s) added successfully!', data }`. docs/api.md.

const APP_ID = '[0-9a-f]{32}';

export const referenceRoutes = new Hono<AppEnv>().patch(`/v1/app/mfi/:id{${APP_ID}}/reference`, async (c) => {
  const row = await submitReferences(c.var.deps, staffOrGuestFor(c, c.req.param('id')), c.req.param('id'), await jsonBody(c));
  return c.json({ success: true, status_code: 200, message: REFERENCE_MSG.added, data: toApplication(row) });
});
