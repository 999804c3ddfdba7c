// The Key Facts Statement of an offer (RBI/2024-25/18, Annex A): the money of contracts/kfs-schedule.ts with the lender's
// part (grievance officer, recovery, cooling-off), a proposal number, a validity date and a hash that names exactly what
// the borrower was shown. Built the same on the phone (offline) and the server, which refuses an accept naming another.
import * as v from 'valibot';
import { parseDmy } from './dates';
import { GeoTag } from './files';
import { type KfsFigures, type KfsTerms, kfsFigures } from './kfs-schedule';
import { ShownLanguage } from './language';
import { type LoanOffer, offerTerms } from './loan-offer';
import type { LoanType } from './products';
import { msg } from './msg';

/** Bump when the KFS content or its layout of facts changes: an acceptance names the version it was shown. */
export const KFS_VERSION = 'rbi-kfs-2024-v1';
/** The circular: a KFS stays valid at least three working days for a loan of seven days or more. */
export const KFS_VALIDITY_WORKING_DAYS = 3;

export const KfsLender = v.object({
  lender_name: v.string(),
  grievance_officer: v.object({ name: v.string(), phone: v.string(), email: v.string() }),
  recovery_policy: v.string(),
  cooling_off_days: v.number(),
  may_be_transferred: v.boolean(),
});
export type KfsLender = v.InferOutput<typeof KfsLender>;

export type KfsFee = { label: string; payable_to: 'LENDER' | 'THIRD_PARTY'; amount: number };

/** What the hash covers: everything the borrower agrees to (not the dates, which only bound the offer's life). */
export type KfsContent = {
  version: string;
  proposal_number: string;
  application_id: string;
  loan_type: LoanType;
  interest_type: 'FIXED';
  lender: KfsLender;
  terms: KfsTerms;
  fees: KfsFee[];
  figures: KfsFigures;
};
export type Kfs = KfsContent & { issued_on: string; valid_until: string; hash: string };

export const KFS_MSG = {
  required: msg('Show the borrower the Key Facts Statement before accepting the offer'),
  changed: msg('The Key Facts Statement has changed: show the borrower the current one before accepting'),
  expired: msg('The Key Facts Statement has expired: update the offer to issue a new one'),
  noOffer: msg('There is no loan offer yet'),
} as const;

/** The KFS terms of a loan offer. */
export const kfsTermsOf = (o: LoanOffer): KfsTerms => ({
  amount: o.final_suggested_loan_amount,
  tenure_months: o.risk_category_and_loan_type_wise_max_tenure,
  interest_rate: o.interest_rate,
  processing_fee: o.total_processing_fee_amount,
  insurance_fee: o.insurance_fee,
  disbursement_date: o.disbursement_date,
});

/** The KFS terms of an amount, tenure and disbursement date of a product (its rate and fees from the offer table). */
export function termsFor(loanType: LoanType, amount: number, tenure: number, disbursementDate: string): KfsTerms {
  const t = offerTerms(loanType, amount, tenure);
  return {
    amount,
    tenure_months: tenure,
    interest_rate: t.interest_rate,
    processing_fee: t.total_processing_fee_amount,
    insurance_fee: t.insurance_fee,
    disbursement_date: disbursementDate,
  };
}

/** One proposal number per application (the KFS hash tells its versions apart). */
export const proposalNumber = (appId: string) => `KFS-${appId.slice(0, 12).toUpperCase()}`;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The date `n` working days (Monday to Friday; holidays are not modelled) after a DD-MM-YYYY date. */
export function addWorkingDays(dmy: string, n: number): string {
  const d = parseDmy(dmy);
  if (!d) return '';
  const t = new Date(Date.UTC(d.y, d.m - 1, d.d));
  for (let left = n; left > 0; ) {
    t.setUTCDate(t.getUTCDate() + 1);
    const day = t.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return `${pad2(t.getUTCDate())}-${pad2(t.getUTCMonth() + 1)}-${t.getUTCFullYear()}`;
}

/** The last day a KFS issued on a DD-MM-YYYY date may be accepted. */
export const kfsValidUntil = (issuedOn: string) => addWorkingDays(issuedOn, KFS_VALIDITY_WORKING_DAYS);

/** True when DD-MM-YYYY `today` is after `until`. */
export function isPast(today: string, until: string): boolean {
  const a = parseDmy(today);
  const b = parseDmy(until);
  if (!a || !b) return false;
  return Date.UTC(a.y, a.m - 1, a.d) > Date.UTC(b.y, b.m - 1, b.d);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The KFS for an application's terms; null when the terms' disbursement date is not a real date. */
export async function buildKfs(a: {
  appId: string;
  loanType: LoanType;
  terms: KfsTerms;
  lender: KfsLender;
  issuedOn: string;
}): Promise<Kfs | null> {
  const figures = kfsFigures(a.terms);
  if (!figures) return null;
  const content: KfsContent = {
    version: KFS_VERSION,
    proposal_number: proposalNumber(a.appId),
    application_id: a.appId,
    loan_type: a.loanType,
    interest_type: 'FIXED',
    lender: a.lender,
    terms: a.terms,
    fees: [
      { label: msg('Processing fee (incl. GST)'), payable_to: 'LENDER', amount: a.terms.processing_fee },
      { label: msg('Insurance premium'), payable_to: 'THIRD_PARTY', amount: a.terms.insurance_fee },
    ],
    figures,
  };
  const hash = await sha256Hex(JSON.stringify(content));
  return { ...content, issued_on: a.issuedOn, valid_until: kfsValidUntil(a.issuedOn), hash };
}

/** Sent with an accept (PATCH /v1/bureau/bre, is_accepted true): which KFS the borrower accepted, when and where. */
export const KfsAcceptance = v.object({
  proposal_number: v.pipe(v.string(KFS_MSG.required), v.maxLength(40, KFS_MSG.required)),
  version: v.pipe(v.string(KFS_MSG.required), v.maxLength(40, KFS_MSG.required)),
  hash: v.pipe(v.string(KFS_MSG.required), v.regex(/^[0-9a-f]{64}$/, KFS_MSG.required)),
  /** On the phone's clock (ISO 8601). */
  accepted_at: v.pipe(v.string(KFS_MSG.required), v.isoTimestamp(KFS_MSG.required)),
  geo_tag: GeoTag,
  /** The language the borrower read the KFS in (absent from an accept queued before the phone offered a choice). */
  language: v.optional(ShownLanguage),
});
export type KfsAcceptance = v.InferOutput<typeof KfsAcceptance>;
/**
 * As the server keeps it (in the accepted offer): who recorded it and when it arrived. `accepted_at` is the server's
 * time; the phone's own clock is kept as `device_accepted_at`.
 */
export type StoredKfsAcceptance = KfsAcceptance & { device_accepted_at: string; officer_id: number; received_at: string };
