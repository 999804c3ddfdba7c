import { Hono } from 'hono';
import { REFERENCE_MSG, ReferencesBody } from '../../contracts/references';
import type { AppEnv } from '../app-env';
import { staffOrGuestFor } from '../middleware/application-caller';
import { authorize } from '../middleware/authorize';
import { body, form } from '../middleware/body';
import { toApplication } from '../services/application-store';
import { submitReferences } from '../services/references';

// 'Add references'  PATCH /v1/app/mfi/{id}/reference (main API, staff token: any staff
// member of the tenant; or a guest on its own application). Answer `{ success:true, message:'Reference(s) added successfully!', data }`. docs/api.md.

const APP_ID = '[0-9a-f]{32}';

export const referenceRoutes = new Hono<AppEnv>().patch(
  `/v1/app/mfi/:id{${APP_ID}}/reference`,
  authorize('references.submit', 'staff or guest'),
  body(form(ReferencesBody.entries, ReferencesBody)),
  async (c) => {
    const row = await submitReferences(c.var.deps, staffOrGuestFor(c, c.req.param('id')), c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, status_code: 200, message: REFERENCE_MSG.added, data: toApplication(row) });
  },
);
