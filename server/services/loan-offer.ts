import { isDeepStrictEqual } from 'node:util';
import { HOUSEHOLD_MSG, type Household, householdIssue, mfiLimit } from '../../contracts/household-income';
import { isPast, kfsTermsOf, kfsValidUntil, type StoredKfsAcceptance } from '../../contracts/kfs';
import {
  emiStartDate,
  indiaToday,
  initialOffer,
  LOAN_OFFER_MSG,
  LOAN_OFFER_TABLE,
  type LoanOffer,
  type LoanOfferAnswer,
  LoanOfferFetch,
  LoanOfferUpdate,
  offerRangeIssue,
  offerTerms,
} from '../../contracts/loan-offer';
import { MSG } from '../../contracts/messages';
import { type LoanType, PRODUCTS } from '../../contracts/products';
import { ApiError } from '../api-error';
import type { Caller, Deps } from '../app-env';
import type { Queryable } from '../db/db';
import { householdOf } from './household';
import { acceptedKfs } from './kfs';
import { validate, withSchemaKeys } from '../respond';
import type { AppRow } from './application-store';
import { openForWrite, type WritableApp, writeApplication } from './application-writes';
import { type Action, actorOf, mayDo } from '../../contracts/authority';
import { stateOfRow } from './authority';
import { productRoleOfCaller } from './caller-role';
import { sanctionBlockers } from '../../contracts/sanction-gate';
import { gateInputOf, gateRefusal } from './sanction-gate';

// The loan offer (REQ-OFFER-1 to REQ-OFFER-3): computed from the product
// constants and the table of contracts/loan-offer.ts, kept in the application's `data.loan_offer`; acceptance sets
// `data.sanctioned`. Both server-owned (reserved in server/routes/applications.ts). docs/workflow.md "Loan offer".

const asObject = (body: unknown): Record<string, unknown> => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, MSG.invalidInput);
  return body as Record<string, unknown>;
};

const storedOffer = (data: Record<string, unknown>): LoanOffer | undefined =>
  data.loan_offer && typeof data.loan_offer === 'object' ? (data.loan_offer as LoanOffer) : undefined;

/** The application's loan type (the borrower's `loan_type`; the MFI product when unreadable). */
export const loanTypeOf = (data: Record<string, unknown>): LoanType =>
  typeof data.loan_type === 'string' && Object.hasOwn(PRODUCTS, data.loan_type) ? (data.loan_type as LoanType) : 'MFI_BUSINESS_LOAN';

/** The MFI product's household limit for the offer's tenure (the unsecured product: its range only). */
const limitOf = (loanType: LoanType, h: Household, offer: LoanOffer) =>
  loanType === 'MFI_BUSINESS_LOAN'
    ? mfiLimit(h, offer.interest_rate, offer.risk_category_and_loan_type_wise_max_tenure)
    : { maxAmount: PRODUCTS[loanType].maxAmount, refusal: null };

function answer(loanType: LoanType, h: Household, offer: LoanOffer): LoanOfferAnswer {
  const { maxAmount, refusal } = limitOf(loanType, h, offer);
  return { ...offer, household: h, max_loan_amount: maxAmount, household_refusal: refusal };
}

/** The first offer (contracts/loan-offer.ts `initialOffer`), its amount lowered to the MFI household cap when above it. */
function firstOffer(app: AppRow, h: Household, now: Date): LoanOffer {
  const loanType = loanTypeOf(app.data);
  const offer: LoanOffer = {
    ...initialOffer({
      loanType,
      amountRequested: Number(app.data.amount_requested),
      pan: typeof app.data.pan === 'string' ? app.data.pan : '',
      today: indiaToday(now),
    }),
    kfs_issued_on: indiaToday(now),
  };
  const { maxAmount, refusal } = limitOf(loanType, h, offer);
  if (refusal || offer.final_suggested_loan_amount <= maxAmount) return offer;
  const tenure = offer.risk_category_and_loan_type_wise_max_tenure;
  return {
    ...offer,
    ...offerTerms(loanType, maxAmount, tenure),
    final_suggested_loan_amount: maxAmount,
    reason: `${offer.reason}; amount lowered to the household's 50 % repayment cap`,
  };
}

/** The application of the tenant (404), the authority table's say for `action` (403 / 409), with REFERENCES (409). */
async function offerApplication(q: Queryable, caller: Caller, appId: string, action: Action = 'loan_offer.fetch'): Promise<WritableApp> {
  const { app } = await openForWrite(q, caller, appId, action);
  if (!app.stages.includes('REFERENCES')) throw new ApiError(409, LOAN_OFFER_MSG.referencesFirst);
  return app;
}

async function storeOffer(q: Queryable, caller: Caller, app: WritableApp, offer: LoanOffer, now: Date, action: string) {
  await writeApplication(
    q,
    app,
    {
      data: offer.is_accepted ? { loan_offer: offer, sanctioned: true } : { loan_offer: offer },
      event: {
        kind: 'loan_offer',
        body: {
          action,
          by_user_id: caller.userId,
          amount: offer.final_suggested_loan_amount,
          tenure: offer.risk_category_and_loan_type_wise_max_tenure,
          is_accepted: offer.is_accepted,
          ...(offer.kfs_acceptance ? { kfs: offer.kfs_acceptance.proposal_number, kfs_hash: offer.kfs_acceptance.hash } : {}),
        },
      },
    },
    now,
  );
}

/**
 * POST /v1/bureau/bre (any staff member of the tenant): the stored offer, or the first one computed, stored and
 * answered. In order: LoanOfferFetch (400); the application (404); not rejected (409); REFERENCES (409).
 */
export async function fetchOffer(deps: Deps, caller: Caller, body: unknown): Promise<LoanOfferAnswer> {
  const { application_id } = validate(LoanOfferFetch, withSchemaKeys(LoanOfferFetch.entries, asObject(body)));
  const now = deps.config.now();
  return deps.db.tx(async (q) => {
    const app = await offerApplication(q, caller, application_id);
    const h = await householdOf(q, app);
    const stored = storedOffer(app.data);
    if (stored) return answer(loanTypeOf(app.data), h, stored);
    const offer = firstOffer(app, h, now);
    // Reading is no write. The first offer is kept only when the one who may change it (the review role)
    // asks; anyone else gets it computed, the same terms, and nothing is stored under their name.
    if (mayDo('loan_offer.update', actorOf({ isOwner: false, role: await productRoleOfCaller(q, caller) }), stateOfRow(app))) {
      await storeOffer(q, caller, app, offer, now, 'create');
    }
    return answer(loanTypeOf(app.data), h, offer);
  });
}

/**
 * The sanction gate at the accept: every blocker (contracts/sanction-gate.ts), the household test on the latest figures
 * and the KFS of exactly this offer among them. Only the KFS wrong → its own answer (400 without one, 409 another or
 * expired); anything else → 409 with the whole list. Answers the KFS acceptance the offer keeps.
 */
async function acceptGate(
  q: Queryable,
  app: AppRow,
  a: { loanType: LoanType; h: Household; offer: LoanOffer; kfs: () => Promise<StoredKfsAcceptance> },
): Promise<StoredKfsAcceptance> {
  let kfs: StoredKfsAcceptance | undefined;
  let kfsError: unknown;
  try {
    kfs = await a.kfs();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    kfsError = e;
  }
  const o = a.offer;
  const household_issue = householdIssue(
    a.loanType,
    a.h,
    o.final_suggested_loan_amount,
    o.interest_rate,
    o.risk_category_and_loan_type_wise_max_tenure,
  );
  const blockers = sanctionBlockers(await gateInputOf(q, app, { household_issue, kfs_accepted: kfs !== undefined }), 'ACCEPT');
  if (blockers.some((b) => b.code !== 'KFS_NOT_ACCEPTED')) throw gateRefusal(blockers, 'ACCEPT');
  if (kfsError) throw kfsError;
  return kfs!;
}

/**
 * PATCH /v1/bureau/bre, the review role only. In order: LoanOfferUpdate (400); the application (404); not rejected
 * (409); REFERENCES (409); the review role (403); not accepted yet (409 'Loan offer already accepted'); amount and tenure
 * within the product's range (400, the borrower form's messages); acceptance needs is_pd2_complete (409); the MFI
 * household limits (409 above ₹3,00,000 a year or no room at all, 400 above the 50 % cap's largest amount); an accept
 * names the offer's current KFS in `kfs` (400 without, 409 another or expired); an accept passes the sanction gate (409
 * with `data.blockers`). The money is recomputed
 * (LOAN_OFFER_TABLE, emi()), emi_start_date recomputed from disbursement_date (the sent one is ignored);
 * is_accepted → sanctioned. Unchanged → no write.
 */
export async function updateOffer(deps: Deps, caller: Caller, body: unknown): Promise<LoanOfferAnswer> {
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
    const h = await householdOf(q, app);
    if (loanType === 'MFI_BUSINESS_LOAN') {
      const { maxAmount, refusal } = mfiLimit(h, LOAN_OFFER_TABLE[loanType].interestRatePct, tenure);
      if (refusal) throw new ApiError(409, refusal);
      if (amount > maxAmount) throw new ApiError(400, HOUSEHOLD_MSG.overCap(maxAmount));
    }

    const offer: LoanOffer = {
      ...(stored ?? firstOffer(app, h, now)),
      ...offerTerms(loanType, amount, tenure),
      final_suggested_loan_amount: amount,
      risk_category_and_loan_type_wise_max_tenure: tenure,
      disbursement_date: info.disbursement_date,
      emi_start_date: emiStartDate(info.disbursement_date) ?? '',
      is_accepted: fields.is_accepted,
    };
    // A KFS is issued when the terms change, and anew on an update once the last one has expired; an accept of an
    // expired one is refused (server/services/kfs.ts).
    const today = indiaToday(now);
    const issued = stored?.kfs_issued_on;
    const sameTerms = !!stored && isDeepStrictEqual(kfsTermsOf(stored), kfsTermsOf(offer));
    const expired = !!issued && isPast(today, kfsValidUntil(issued));
    offer.kfs_issued_on = sameTerms && issued && (fields.is_accepted || !expired) ? issued : today;
    if (fields.is_accepted)
      offer.kfs_acceptance = await acceptGate(q, app, {
        loanType,
        h,
        offer,
        kfs: () => acceptedKfs(caller, app.id, loanType, offer, given.kfs, now),
      });
    if (stored && isDeepStrictEqual(stored, offer)) return answer(loanType, h, stored);
    await storeOffer(q, caller, app, offer, now, fields.is_accepted ? 'accept' : 'update');
    return answer(loanType, h, offer);
  });
}
