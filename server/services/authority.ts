import { type Action, type Actor, actorOf, appStateOf, decide } from '../../contracts/authority';
import { CONSENT_MSG } from '../../contracts/consent';
import { CPV_SERVER_MSG, PD1_REVIEW_MSG } from '../../contracts/cpv';
import { LOAN_OFFER_MSG } from '../../contracts/loan-offer';
import type { ProductRole } from '../../contracts/roles';
import { ApiError } from '../api-error';
import type { Caller } from '../app-env';
import type { Queryable } from '../db/db';
import type { AppRow } from './application-store';
import { isOwner } from './application-access';
import { productRoleOfCaller } from './caller-role';
import { assertNotRejected } from './rejection';

// The server side of contracts/authority.ts: every write to an application asks here, right after loading (and
// locking) the row and before reading the body's meaning: token → tenant (loadApplication) → owner or role → state.

export type Authorized = { role: ProductRole | null; actor: Actor };

/** The state as the table reads it from a stored row. */
export const stateOfRow = (app: Pick<AppRow, 'status' | 'stages' | 'data'>) =>
  appStateOf({
    status: app.status,
    stages: app.stages,
    sanctioned: app.data.sanctioned,
    approval_checks: app.data.approval_checks as { decision?: string } | undefined,
  });

type Messages = { forbidden?: string; notNow?: string; sanctioned?: string };

/** The refusals whose words clients already know, by action (the table's own words otherwise). */
const MESSAGES: Partial<Record<Action, (app: AppRow) => Messages>> = {
  'cpv.visit': (app) => ({ notNow: app.stages.includes('BANK_ACCOUNT') ? undefined : CPV_SERVER_MSG.bankFirst }),
  'pd1.review': () => ({ forbidden: PD1_REVIEW_MSG.verificationRoleOnly, notNow: PD1_REVIEW_MSG.notInReview }),
  'loan_offer.update': () => ({ forbidden: LOAN_OFFER_MSG.reviewRoleOnly, sanctioned: LOAN_OFFER_MSG.alreadyAccepted }),
  'loan_offer.accept': () => ({
    forbidden: LOAN_OFFER_MSG.reviewRoleOnly,
    notNow: LOAN_OFFER_MSG.pd2First,
    sanctioned: LOAN_OFFER_MSG.alreadyAccepted,
  }),
};

/**
 * 403 when the caller's actor may never do `action`, 409 when the application's state does not allow it (a rejected
 * application answers 'Application Rejected!' with its stored decision, as every step route did before the table).
 */
export async function authorize(q: Queryable, caller: Caller, app: AppRow, action: Action): Promise<Authorized> {
  const role = await productRoleOfCaller(q, caller);
  const actor = actorOf({ isOwner: isOwner(caller, app) && (caller.kind === 'guest' || role === 'INITIATING_OFFICER'), role });
  const state = stateOfRow(app);
  const verdict = decide(action, actor, state);
  // A borrower who withdrew consent is processed no further: whoever may write in this state is refused every write
  // (the withdrawal itself included, once recorded); reading the offer stays open to those the table lets read it.
  if (verdict.ok && app.data.consent_withdrawn && action !== 'loan_offer.fetch') throw new ApiError(409, CONSENT_MSG.withdrawn);
  if (verdict.ok) return { role, actor: actor! };
  const messages = MESSAGES[action]?.(app) ?? {};
  if (verdict.status === 403) throw new ApiError(403, messages.forbidden ?? verdict.message);
  if (state === 'REJECTED') assertNotRejected(app);
  throw new ApiError(409, (state === 'SANCTIONED' ? messages.sanctioned : messages.notNow) ?? verdict.message);
}
