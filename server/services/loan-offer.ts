import { isDeepStrictEqual } from 'node:util';
import {
  emiStartDate, indiaToday, initialOffer, LOAN_OFFER_MSG, type LoanOffer, LoanOfferFetch, LoanOfferUpdate, offerRangeIssue, offerTerms,
} from '../../contracts/loan-offer';
import { MSG } from '../../contracts/messages';
import { type LoanType, PRODUCTS } from '../../contracts/products';
import { ApiError } from '../api-error';
import type { Caller, Deps } from '../app-env';
import type { Queryable } from '../db/db';
import { validate, withSchemaKeys } from '../respond';
import { type AppRow, loadApplication, recordEvent } from './application-store';
import { type Action, actorOf, mayDo } from '../../contracts/authority';
import { authorize, stateOfRow } from './authority';
import { productRoleOfCaller } from './caller-role';

// The loan offer (workflow §3 'Loan offer', §4 'Loan offer', §7 'Loan offer fetch/update'): computed from the product
// constants and the table of contracts/loan-offer.ts, kept in the application's `data.loan_offer`; acceptance sets
// `data.sanctioned`. Both server-owned (reserved in server/routes/applications.ts). docs/workflow.md "Loan offer".

const asObject = (body: unknown): Record<string, unknown> => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, MSG.invalidInput);
  return body as Record<string, unknown>;
};

const storedOffer = (data: Record<string, unknown>): LoanOffer | undefined =>
  data.loan_offer && typeof data.loan_offer === 'object' ? (data.loan_offer as LoanOffer) : undefined;

/** The application's loan type (the borrower's `loan_type`; the MFI product when unreadable). */
const loanTypeOf = (data: Record<string, unknown>): LoanType =>
  typeof data.loan_type === 'string' && Object.hasOwn(PRODUCTS, data.loan_type) ? (data.loan_type as LoanType) : 'MFI_BUSINESS_LOAN';

function firstOffer(app: AppRow, now: Date): LoanOffer {
  return initialOffer({
    loanType: loanTypeOf(app.data), amountRequested: Number(app.data.amount_requested), pan: typeof app.data.pan === 'string' ? app.data.pan : '',
    today: indiaToday(now),
  });
}

/** The application of the tenant (404), the authority table's say for `action` (403 / 409), with REFERENCES (409). */
async function offerApplication(q: Queryable, caller: Caller, appId: string, action: Action = 'loan_offer.fetch'): Promise<AppRow> {
  const app = await loadApplication(q, caller, appId, true);
  await authorize(q, caller, app, action);
  if (!app.stages.includes('REFERENCES')) throw new ApiError(409, LOAN_OFFER_MSG.referencesFirst);
  return app;
}

async function storeOffer(q: Queryable, caller: Caller, app: AppRow, offer: LoanOffer, now: Date, action: string) {
  const patch: Record<string, unknown> = { loan_offer: offer };
  if (offer.is_accepted) patch.sanctioned = true;
  await q.query(
    `UPDATE applications SET data = data || $3::jsonb, updated_at = $4::timestamptz WHERE tenant_id=$1 AND id=$2`,
    [caller.tenantId, app.id, JSON.stringify(patch), now.toISOString()],
  );
  await recordEvent(q, caller.tenantId, app.id, 'loan_offer', {
    action, by_user_id: caller.userId, amount: offer.final_suggested_loan_amount, tenure: offer.risk_category_and_loan_type_wise_max_tenure,
    is_accepted: offer.is_accepted,
  }, now);
}

/**
 * POST /v1/bureau/bre (any staff member of the tenant): the stored offer, or the first one computed, stored and
 * answered. In order: LoanOfferFetch (400); the application (404); not rejected (409); REFERENCES (409).
 */
export async function fetchOffer(deps: Deps, caller: Caller, body: unknown): Promise<LoanOffer> {
  const { application_id } = validate(LoanOfferFetch, withSchemaKeys(LoanOfferFetch.entries, asObject(body)));
  const now = deps.config.now();
  return deps.db.tx(async (q) => {
    const app = await offerApplication(q, caller, application_id);
    const stored = storedOffer(app.data);
    if (stored) return stored;
    const offer = firstOffer(app, now);
    // Issue 16: reading is no write. The first offer is kept only when the one who may change it (the review role)
    // asks; anyone else gets it computed, the same terms, and nothing is stored under their name.
    if (mayDo('loan_offer.update', actorOf({ isOwner: false, role: await productRoleOfCaller(q, caller) }), stateOfRow(app))) {
      await storeOffer(q, caller, app, offer, now, 'create');
    }
    return offer;
  });
}

/**
 * PATCH /v1/bureau/bre, the review role only. In order: LoanOfferUpdate (400); the application (404); not rejected
 * (409); REFERENCES (409); the review role (403); not accepted yet (409 'Loan offer already accepted'); amount and tenure
 * within the product's range (400, the borrower form's messages); acceptance needs is_pd2_complete (409). The money is
 * recomputed (LOAN_OFFER_TABLE, emi()), emi_start_date recomputed from disbursement_date (the sent one is ignored);
 * is_accepted → sanctioned. Unchanged → no write.
 */
export async function updateOffer(deps: Deps, caller: Caller, body: unknown): Promise<LoanOffer> {
  const given = asObject(body);
  const fields = validate(LoanOfferUpdate, withSchemaKeys(LoanOfferUpdate.entries, given));
  const now = deps.config.now();
  return deps.db.tx(async (q) => {
    const app = await offerApplication(q, caller, fields.application_id, fields.is_accepted ? 'loan_offer.accept' : 'loan_offer.update');
    const stored = storedOffer(app.data);
    if (stored?.is_accepted) throw new ApiError(409, LOAN_OFFER_MSG.alreadyAccepted);
    const loanType = loanTypeOf(app.data);
    const info = fields.updated_info;
    const amount = info.final_suggested_loan_amount;
    const tenure = info.risk_category_and_loan_type_wise_max_tenure;
    const rangeIssue = offerRangeIssue(loanType, amount, tenure);
    if (rangeIssue) throw new ApiError(400, rangeIssue);
    if (fields.is_accepted && app.data.is_pd2_complete !== true) throw new ApiError(409, LOAN_OFFER_MSG.pd2First);

    const offer: LoanOffer = {
      ...(stored ?? firstOffer(app, now)),
      ...offerTerms(loanType, amount, tenure),
      final_suggested_loan_amount: amount,
      risk_category_and_loan_type_wise_max_tenure: tenure,
      disbursement_date: info.disbursement_date,
      emi_start_date: emiStartDate(info.disbursement_date) ?? '',
      is_accepted: fields.is_accepted,
    };
    if (stored && isDeepStrictEqual(stored, offer)) return stored;
    await storeOffer(q, caller, app, offer, now, fields.is_accepted ? 'accept' : 'update');
    return offer;
  });
}
