import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { staffOrGuestFor } from '../middleware/application-caller';
import { jsonBody, ok } from '../respond';
import {
  createFamilyMember,
  getFamilyMember,
  listFamilyMembers,
  parseCreate,
  toFamilyMember,
  updateFamilyMember,
} from '../services/family-members';

// Family member calls  (main API, staff or guest token). Reads: any staff member of the
// tenant; writes: the application's owner; a guest: its own application only, reads and writes. Shapes in
// docs/api.md, rules in docs/workflow.md "Family members".

const APP_ID = '[0-9a-f]{32}';
const FM_ID = '[0-9a-f]{32}';

export const familyMemberRoutes = new Hono<AppEnv>()
  .get(`/v1/app/mfi/:id{${APP_ID}}/family-member`, async (c) => {
    const caller = staffOrGuestFor(c, c.req.param('id'));
    const rows = await listFamilyMembers(c.var.deps.db, caller, c.req.param('id'));
    return ok(c, { list: rows.map(toFamilyMember) });
  })
  .post(`/v1/app/mfi/:id{${APP_ID}}/family-member`, async (c) => {
    const caller = staffOrGuestFor(c, c.req.param('id'));
    const input = parseCreate(await jsonBody(c));
    return ok(c, toFamilyMember(await createFamilyMember(c.var.deps, caller, c.req.param('id'), input)));
  })
  .get(`/v1/app/mfi/family-member/:fmId{${FM_ID}}`, async (c) => {
    const caller = staffOrGuestFor(c);
    return ok(c, toFamilyMember(await getFamilyMember(c.var.deps.db, caller, c.req.param('fmId'))));
  })
  .patch(`/v1/app/mfi/family-member/:fmId{${FM_ID}}`, async (c) => {
    const caller = staffOrGuestFor(c);
    return ok(c, toFamilyMember(await updateFamilyMember(c.var.deps, caller, c.req.param('fmId'), await jsonBody(c))));
  });
