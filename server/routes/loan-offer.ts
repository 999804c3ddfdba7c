import { Hono } from 'hono';
import { EmiStartDateRequest, emiStartDate } from '../../contracts/loan-offer';
import type { AppEnv } from '../app-env';
import { requireCaller } from '../middleware/session';
import { jsonBody, ok, validate, withSchemaKeys } from '../respond';
import { fetchOffer, updateOffer } from '../services/loan-offer';

// 'Loan offer fetch', 'Loan offer update' and 'EMI start date calculation'  (main API, staff
// token): POST, PATCH /v1/bureau/bre and POST /v1/bureau/get-emi-start-date-from-disbursement-date. Shapes in
// docs/api.md, rules in docs/workflow.md "Loan offer".

const staff = (c: Parameters<typeof requireCaller>[0]) => requireCaller(c, ['staff']);

export const loanOfferRoutes = new Hono<AppEnv>()
  .post('/v1/bureau/bre', async (c) => ok(c, await fetchOffer(c.var.deps, staff(c), await jsonBody(c))))
  .patch('/v1/bureau/bre', async (c) => ok(c, { updated_info: await updateOffer(c.var.deps, staff(c), await jsonBody(c)) }))
  .post('/v1/bureau/get-emi-start-date-from-disbursement-date', async (c) => {
    staff(c);
    const body = await jsonBody(c);
    const given = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const { disbursement_date_str } = validate(EmiStartDateRequest, withSchemaKeys(EmiStartDateRequest.entries, given));
    return ok(c, { emi_start_date: emiStartDate(disbursement_date_str) });
  });
