import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { requireCaller } from '../middleware/session';
import { jsonBody, ok } from '../respond';
import { toApplication } from '../services/application-store';
import { reviewPd1, submitCpv } from '../services/cpv';
import { decideDeviation } from '../services/deviation-decision';

// 'Submit CPV info'  (main API, staff token): the business and residence variants, open to
// any staff member of the tenant (the verification role makes the visits; the review role adds the ACM selfies at PD2).
// POST /v1/app/mfi/{id}/pd1-review is this sandbox's own path for the verification role's 'PD1 Review'.
// Shapes in docs/api.md, rules and the status machine in docs/workflow.md "CPV and PD1 / PD2".

const APP_ID = '[0-9a-f]{32}';
const staff = (c: Parameters<typeof requireCaller>[0]) => requireCaller(c, ['staff']);
/**
 * The CPV submit's answer carries approval_checks (REQ-REJ-1): a stored rejection is refused first, so a CPV answer
 * approves. The stored decision is answered as it is (with the identity it was made for, which the phone's gate reads);
 * a bare APPROVED stands in only where none is stored.
 */
const approved = (row: Parameters<typeof toApplication>[0]) => {
  const app = toApplication(row);
  return { ...app, approval_checks: row.data.approval_checks ?? { decision: 'APPROVED', reasons: [] } };
};

export const cpvRoutes = new Hono<AppEnv>()
  .post(`/v1/app/mfi/:id{${APP_ID}}/business-cpv-info`, async (c) => {
    const row = await submitCpv(c.var.deps, staff(c), c.req.param('id'), await jsonBody(c), 'business');
    return ok(c, approved(row));
  })
  .post(`/v1/app/mfi/:id{${APP_ID}}/residence-cpv-info`, async (c) => {
    const row = await submitCpv(c.var.deps, staff(c), c.req.param('id'), await jsonBody(c), 'residence');
    return ok(c, approved(row));
  })
  .post(`/v1/app/mfi/:id{${APP_ID}}/pd1-review`, async (c) => {
    const row = await reviewPd1(c.var.deps, staff(c), c.req.param('id'), await jsonBody(c));
    return ok(c, toApplication(row));
  })
  // The review role decides a PENDING name-mismatch deviation (server/services/deviation-decision.ts).
  .post(`/v1/app/mfi/:id{${APP_ID}}/deviations/decision`, async (c) => {
    const row = await decideDeviation(c.var.deps, staff(c), c.req.param('id'), await jsonBody(c));
    return ok(c, toApplication(row));
  });
