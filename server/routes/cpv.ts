import { Hono } from 'hono';
import * as v from 'valibot';
import { CPV_INFO_ENTRIES, CPV_MSG, CPV_ROUTE_TYPE, CpvInfo, type CpvVariant, Pd1Review } from '../../contracts/cpv';
import { DeviationDecision } from '../../contracts/deviations';
import type { AppEnv } from '../app-env';
import { requireCaller } from '../middleware/session';
import { authorize } from '../middleware/authorize';
import { AnyObject, body, form } from '../middleware/body';
import { ok } from '../respond';
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

/**
 * A visit's body: CpvInfo, the verification type of the route it is sent to, and the reason for a changed figure
 * (checked where the figures are held, server/services/figures-change.ts).
 */
const cpvBody = (variant: CpvVariant) =>
  v.pipe(
    AnyObject,
    v.transform((o) => ({ visit: o, change_reason: o.change_reason })),
    v.object({
      visit: v.pipe(
        form(CPV_INFO_ENTRIES, CpvInfo),
        v.check((f) => f.verification_type === CPV_ROUTE_TYPE[variant], CPV_MSG.verificationType),
      ),
      change_reason: v.unknown(),
    }),
  );

export const cpvRoutes = new Hono<AppEnv>()
  .post(`/v1/app/mfi/:id{${APP_ID}}/business-cpv-info`, authorize('cpv.visit', 'staff'), body(cpvBody('business')), async (c) => {
    const row = await submitCpv(c.var.deps, staff(c), c.req.param('id'), c.req.valid('json'), 'business');
    return ok(c, approved(row));
  })
  .post(`/v1/app/mfi/:id{${APP_ID}}/residence-cpv-info`, authorize('cpv.visit', 'staff'), body(cpvBody('residence')), async (c) => {
    const row = await submitCpv(c.var.deps, staff(c), c.req.param('id'), c.req.valid('json'), 'residence');
    return ok(c, approved(row));
  })
  .post(
    `/v1/app/mfi/:id{${APP_ID}}/pd1-review`,
    authorize('pd1.review', 'staff'),
    body(form(Pd1Review.pipe[0].entries, Pd1Review)),
    async (c) => {
      const row = await reviewPd1(c.var.deps, staff(c), c.req.param('id'), c.req.valid('json'));
      return ok(c, toApplication(row));
    },
  )
  // The review role decides a PENDING name-mismatch deviation (server/services/deviation-decision.ts).
  .post(
    `/v1/app/mfi/:id{${APP_ID}}/deviations/decision`,
    authorize('deviation.decide', 'staff'),
    body(form(DeviationDecision.entries, DeviationDecision)),
    async (c) => {
      const row = await decideDeviation(c.var.deps, staff(c), c.req.param('id'), c.req.valid('json'));
      return ok(c, toApplication(row));
    },
  );
