import { Hono } from 'hono';
import * as v from 'valibot';
import { EmiStartDateRequest, emiStartDate, LoanOfferFetch, LoanOfferUpdate } from '../../contracts/loan-offer';
import type { AppEnv } from '../app-env';
import { requireCaller } from '../middleware/session';
import { authorizeInService, outsideAuthority } from '../middleware/authorize';
import { AnyObject, body, form } from '../middleware/body';
import { ok } from '../respond';
import { fetchOffer, updateOffer } from '../services/loan-offer';

/** An update's fields, and the KFS an accept names (checked against the offer's in the service). */
const OfferUpdate = v.pipe(
  AnyObject,
  v.transform((o) => ({ fields: o, kfs: o.kfs })),
  v.object({ fields: form(LoanOfferUpdate.entries, LoanOfferUpdate), kfs: v.unknown() }),
);

/** The EMI start date's body: anything not an object reads as empty, so the missing date answers its own message. */
const objectOrEmpty = (b: unknown): Record<string, unknown> => (typeof b === 'object' && b !== null && !Array.isArray(b) ? { ...b } : {});

// 'Loan offer fetch', 'Loan offer update' and 'EMI start date calculation'  (main API, staff
// token): POST, PATCH /v1/bureau/bre and POST /v1/bureau/get-emi-start-date-from-disbursement-date. Shapes in
// docs/api.md, rules in docs/workflow.md "Loan offer".

const staff = (c: Parameters<typeof requireCaller>[0]) => requireCaller(c, ['staff']);

export const loanOfferRoutes = new Hono<AppEnv>()
  .post('/v1/bureau/bre', authorizeInService('loan_offer.fetch', 'staff'), body(form(LoanOfferFetch.entries, LoanOfferFetch)), async (c) =>
    ok(c, await fetchOffer(c.var.deps, staff(c), c.req.valid('json'))),
  )
  .patch('/v1/bureau/bre', authorizeInService(['loan_offer.update', 'loan_offer.accept'], 'staff'), body(OfferUpdate), async (c) =>
    ok(c, { updated_info: await updateOffer(c.var.deps, staff(c), c.req.valid('json')) }),
  )
  .post(
    '/v1/bureau/get-emi-start-date-from-disbursement-date',
    outsideAuthority('calculation', 'staff'),
    body(v.pipe(v.unknown(), v.transform(objectOrEmpty), form(EmiStartDateRequest.entries, EmiStartDateRequest))),
    async (c) => ok(c, { emi_start_date: emiStartDate(c.req.valid('json').disbursement_date_str) }),
  );
