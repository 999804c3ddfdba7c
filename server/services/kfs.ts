// The Key Facts Statement on the server (RBI/2024-25/18; contracts/kfs.ts): the lender's part from the tenant, the KFS of
// an application's offer (GET /v1/app/mfi/{id}/kfs), the check an accept must pass, and the preview for any terms.
import {
  type Kfs,
  KFS_MSG,
  KfsAcceptance,
  type KfsLender,
  buildKfs,
  isPast,
  kfsTermsOf,
  type StoredKfsAcceptance,
} from '../../contracts/kfs';
import { KFS_PREVIEW_MSG, type KfsFigures, type KfsPreviewRequest, kfsFigures } from '../../contracts/kfs-schedule';
import { indiaToday, type LoanOffer } from '../../contracts/loan-offer';
import type { LoanType } from '../../contracts/products';
import { ApiError } from '../api-error';
import type { Caller } from '../app-env';
import { tenantById } from '../fixtures/tenants';
import { validate, withSchemaKeys } from '../respond';
import { recordOr } from './stored-json';

/** The tenant's KFS part (every seeded tenant has one; an unknown tenant id is a server bug, not the client's). */
export function lenderOf(tenantId: string): KfsLender {
  const t = tenantById(tenantId);
  if (!t?.kfs) throw new Error(`tenant ${tenantId} has no KFS configuration`);
  return { lender_name: t.lender_name, ...t.kfs };
}

export function offerKfs(tenantId: string, appId: string, loanType: LoanType, offer: LoanOffer, now: Date): Promise<Kfs | null> {
  return buildKfs({
    appId,
    loanType,
    terms: kfsTermsOf(offer),
    lender: lenderOf(tenantId),
    issuedOn: offer.kfs_issued_on ?? indiaToday(now),
  });
}

/**
 * An accept must name the KFS of the offer it accepts (400 without one, 409 when it names another or the KFS has expired).
 * Answers what the offer keeps: the acceptance at the server's time (the phone's as device_accepted_at), its officer.
 */
export async function acceptedKfs(
  caller: Caller,
  appId: string,
  loanType: LoanType,
  offer: LoanOffer,
  sent: unknown,
  now: Date,
): Promise<StoredKfsAcceptance> {
  if (sent === undefined || sent === null) throw new ApiError(400, KFS_MSG.required);
  const given = validate(KfsAcceptance, withSchemaKeys(KfsAcceptance.entries, recordOr(sent) ?? {}));
  const kfs = await offerKfs(caller.tenantId, appId, loanType, offer, now);
  if (!kfs || given.hash !== kfs.hash || given.proposal_number !== kfs.proposal_number || given.version !== kfs.version) {
    throw new ApiError(409, KFS_MSG.changed);
  }
  if (isPast(indiaToday(now), kfs.valid_until)) throw new ApiError(409, KFS_MSG.expired);
  // The acceptance's time is the server's: a phone's clock can be set to any date (an accept back-dated to 2001 was
  // kept as sent). What the phone said stays beside it, for the record of an offline accept sent later.
  return {
    ...given,
    accepted_at: now.toISOString(),
    device_accepted_at: given.accepted_at,
    officer_id: caller.userId ?? 0,
    received_at: now.toISOString(),
  };
}

/** POST /v1/kfs/preview: the KFS money for any terms (400 with the rule's message on bad input). */
export function previewKfs(terms: KfsPreviewRequest): KfsFigures {
  const f = kfsFigures(terms);
  if (!f) throw new ApiError(400, KFS_PREVIEW_MSG.date);
  return f;
}
