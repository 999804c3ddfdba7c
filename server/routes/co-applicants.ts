import { Hono } from 'hono';
import { CO_MSG } from '../../contracts/co-applicant';
import type { AppEnv } from '../app-env';
import { staffOrGuestFor } from '../middleware/application-caller';
import { jsonBody, ok } from '../respond';
import { identityFieldsOf, recordAccess } from '../services/access-log';
import {
  createCoApplicant,
  getCoApplicant,
  hardcheckCoApplicant,
  listCoApplicants,
  parseCreate,
  toCoApplicant,
  updateCoApplicant,
} from '../services/co-applicants';

// Co-applicant calls  (main API, staff or guest token). Reads: staff whose scope reaches the
// application (server/services/staff-scope.ts), each on record (server/services/access-log.ts); writes: the application's owner; a guest: its own application only, reads and writes. Shapes in
// docs/api.md, rules in docs/workflow.md "Co-applicants".
// A co-applicant the bureau rejects is still a 200: `data.approval_checks.decision === 'REJECTED'` (REQ-COAP-4).

const APP_ID = '[0-9a-f]{32}';
const CO_ID = '[0-9a-f]{32}';

export const coApplicantRoutes = new Hono<AppEnv>()
  .get(`/v1/app/mfi/:id{${APP_ID}}/co-applicant`, async (c) => {
    const caller = staffOrGuestFor(c, c.req.param('id'));
    const rows = await listCoApplicants(c.var.deps.db, caller, c.req.param('id'));
    const fields = [...new Set(rows.flatMap((r) => identityFieldsOf(r.data)))];
    await recordAccess(
      c.var.deps.db,
      caller,
      { applicationId: c.req.param('id'), action: 'co_applicant.read', fields },
      c.var.deps.config.now(),
    );
    return ok(c, { list: rows.map(toCoApplicant) });
  })
  .post(`/v1/app/mfi/:id{${APP_ID}}/co-applicant`, async (c) => {
    const caller = staffOrGuestFor(c, c.req.param('id'));
    const input = parseCreate(await jsonBody(c));
    return ok(c, toCoApplicant(await createCoApplicant(c.var.deps, caller, c.req.param('id'), input)));
  })
  .post(`/v1/app/mfi/:id{${APP_ID}}/co-applicant/replace`, async (c) => {
    const caller = staffOrGuestFor(c, c.req.param('id'));
    const input = parseCreate(await jsonBody(c), true);
    return ok(c, toCoApplicant(await createCoApplicant(c.var.deps, caller, c.req.param('id'), input)));
  })
  .post(`/v1/app/mfi/:id{${APP_ID}}/co-applicant/:coId{${CO_ID}}/hardcheck`, async (c) => {
    const caller = staffOrGuestFor(c, c.req.param('id'));
    const row = await hardcheckCoApplicant(c.var.deps, caller, c.req.param('id'), c.req.param('coId'));
    const checks = row.approval_checks!;
    return ok(
      c,
      { decision: checks.decision, approval_checks: checks, co_applicant: toCoApplicant(row) },
      checks.rejected ? CO_MSG.bureauFailed : undefined,
    );
  })
  .get(`/v1/app/mfi/co-applicant/:coId{${CO_ID}}`, async (c) => {
    const caller = staffOrGuestFor(c);
    const row = await getCoApplicant(c.var.deps.db, caller, c.req.param('coId'));
    const entry = { applicationId: row.application_id, action: 'co_applicant.read' as const, fields: identityFieldsOf(row.data) };
    await recordAccess(c.var.deps.db, caller, entry, c.var.deps.config.now());
    return ok(c, toCoApplicant(row));
  })
  .patch(`/v1/app/mfi/co-applicant/:coId{${CO_ID}}`, async (c) => {
    const caller = staffOrGuestFor(c);
    return ok(c, toCoApplicant(await updateCoApplicant(c.var.deps, caller, c.req.param('coId'), await jsonBody(c))));
  });
