// The loan offer (REQ-OFFER-1 to REQ-OFFER-3): POST, PATCH /v1/bureau/bre and POST
// /v1/bureau/get-emi-start-date-from-disbursement-date. The offer and the EMI come from the product constants with a
// documented interest and fee table, and the EMI start date follows a documented rule (REQ-SBX-6). docs/workflow.md
// "Loan offer". Pure functions here, so the client computes what the server does.
import * as v from 'valibot';
import { loanAmountMessage, loanTenureMessage } from './borrower';
import type { Household } from './household-income';
import type { StoredKfsAcceptance } from './kfs';
import { dmyOrder, indiaToday, parseDmy } from './dates';
import { MSG } from './messages';
import { APPLICATION_ID_PATTERN } from './patterns';
import { type LoanType, PRODUCTS } from './products';
import { msg } from './msg';

export const LOAN_OFFER_MSG = {
  /** REQ-OFFER-3, quoted. */
  acceptFailed: msg('Failed to accept loan offer. Please try again.'),
  // The sandbox server's own wording:
  alreadyAccepted: msg('Loan offer already accepted'),
  invalidDisbursementDate: msg('Invalid disbursement date'),
  referencesFirst: msg('Add the references before the loan offer'),
  pd2First: msg('Complete PD2 before accepting the loan offer'),
  reviewRoleOnly: msg('Only the review role can change the loan offer'),
  invalidAmount: msg('Loan amount must be a number'),
  invalidTenure: msg('Loan tenure must be a whole number of months'),
  // Ours: a disbursement date years ago passed; money is paid out today or later.
  pastDisbursementDate: msg('Disbursement date cannot be in the past'),
} as const;

/**
 * The interest and fee table (per year, reducing balance). Processing fee = amount × processingFeePct % plus GST
 * (gstPct % of the fee); insurance = amount × insurancePct %. All money rounded to 2 decimals.
 */
export const LOAN_OFFER_TABLE: Readonly<
  Record<LoanType, { interestRatePct: number; processingFeePct: number; gstPct: number; insurancePct: number }>
> = {
  MFI_BUSINESS_LOAN: { interestRatePct: 24, processingFeePct: 1, gstPct: 18, insurancePct: 0.5 },
  UNSECURED_BUSINESS_LOAN: { interestRatePct: 21, processingFeePct: 2, gstPct: 18, insurancePct: 0.75 },
};

/** BRE score band: scores are 650..849; at or above this one the product's longest tenure is offered. */
export const BRE_HIGH_SCORE = 750;

/** Money rounded to 2 decimals (half away from zero for these positive amounts). */
export const round2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100;

/**
 * Equated monthly instalment, reducing balance: P·r·(1+r)^n / ((1+r)^n − 1) with r = annualRatePct / 1200, rounded to
 * 2 decimals; a 0 % rate → P / n. E.g. emi(100000, 24, 12) = 9455.96.
 */
export function emi(principal: number, annualRatePct: number, months: number): number {
  if (!(months > 0) || !(principal >= 0)) return 0;
  const r = annualRatePct / 1200;
  const f = (1 + r) ** months;
  // A rate so small that (1 + r)^n rounds to 1 is 0 % in floating point: P·r·f / 0 would be Infinity.
  if (r === 0 || f === 1) return round2(principal / months);
  return round2((principal * r * f) / (f - 1));
}

/** Deterministic BRE score from the PAN (FNV-1a 32-bit of the upper-cased PAN): 650 + hash mod 200, so 650..849. */
export function breScore(pan: string): number {
  let h = 0x811c9dc5;
  for (const ch of pan.trim().toUpperCase()) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return 650 + (h % 200);
}

/** The longest tenure offered: the product's maximum at BRE_HIGH_SCORE or above, else its second-longest option. */
export function maxTenureFor(loanType: LoanType, score: number): number {
  const p = PRODUCTS[loanType];
  return score >= BRE_HIGH_SCORE ? p.maxTenure : p.tenures[p.tenures.length - 2]!;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const dmy = (d: Date) => `${pad2(d.getUTCDate())}-${pad2(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;

/** EMI_START_DAY of the month after the disbursement, or of the month after that when disbursed after CUTOFF_DAY. */
export const EMI_START_RULE = { EMI_START_DAY: 5, CUTOFF_DAY: 20 } as const;

/**
 * The EMI start date (DD-MM-YYYY) for a disbursement date (DD-MM-YYYY): the 5th of the next month when disbursed on the
 * 1st to the 20th, else the 5th of the month after next. Null for a text that is not a disbursement date.
 */
export function emiStartDate(disbursementDmy: string): string | null {
  const d = parseDmy(disbursementDmy);
  if (!d || !isDisbursementDate(disbursementDmy)) return null;
  const ahead = d.d > EMI_START_RULE.CUTOFF_DAY ? 2 : 1;
  return dmy(new Date(Date.UTC(d.y, d.m - 1 + ahead, EMI_START_RULE.EMI_START_DAY)));
}

/**
 * A disbursement date the product can schedule: a real DD-MM-YYYY date in 2000–2099. 31-12-9999 is a real date, but
 * its EMIs would fall in year 10000, which no DD-MM-YYYY holds (the schedule would fail with a 500).
 */
export const DISBURSEMENT_YEARS = { min: 2000, max: 2099 } as const;
export function isDisbursementDate(text: string): boolean {
  const d = parseDmy(text);
  return d !== null && d.y >= DISBURSEMENT_YEARS.min && d.y <= DISBURSEMENT_YEARS.max;
}

/** Today in India as DD-MM-YYYY (contracts/dates.ts): the default disbursement date. */
export { indiaToday };

export type LoanOffer = {
  bre_score: number;
  decision: 'APPROVED';
  interest_rate: number;
  final_suggested_emi: number;
  total_processing_fee_amount: number;
  insurance_fee: number;
  final_suggested_loan_amount: number;
  risk_category_and_loan_type_wise_max_tenure: number;
  disbursement_date: string;
  emi_start_date: string;
  is_accepted: boolean;
  reason: string;
  /** When the offer's current KFS was issued (DD-MM-YYYY, India): set when the terms change (contracts/kfs.ts). */
  kfs_issued_on?: string;
  /** Which KFS the borrower accepted, when and where (set by the accept). */
  kfs_acceptance?: StoredKfsAcceptance;
};

/** The offer as answered: with the household assessment and the MFI cap's largest amount for the offered tenure. */
export type LoanOfferAnswer = LoanOffer & { household: Household; max_loan_amount: number; household_refusal: string | null };

/** The money of an offer for an amount and tenure, from LOAN_OFFER_TABLE. */
export function offerTerms(loanType: LoanType, amount: number, tenure: number) {
  const t = LOAN_OFFER_TABLE[loanType];
  return {
    interest_rate: t.interestRatePct,
    final_suggested_emi: emi(amount, t.interestRatePct, tenure),
    total_processing_fee_amount: round2(amount * (t.processingFeePct / 100) * (1 + t.gstPct / 100)),
    insurance_fee: round2((amount * t.insurancePct) / 100),
  };
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The first offer for an application: the requested amount clamped to the product's range; tenure maxTenureFor(score);
 * disbursement today (India), EMI start by emiStartDate; decision APPROVED (every score is in the approved band).
 */
export function initialOffer(a: { loanType: LoanType; amountRequested: number; pan: string; today: string }): LoanOffer {
  const p = PRODUCTS[a.loanType];
  const score = breScore(a.pan);
  const amount = clamp(Number.isFinite(a.amountRequested) ? a.amountRequested : p.minAmount, p.minAmount, p.maxAmount);
  const tenure = maxTenureFor(a.loanType, score);
  return {
    bre_score: score,
    decision: 'APPROVED',
    ...offerTerms(a.loanType, amount, tenure),
    final_suggested_loan_amount: amount,
    risk_category_and_loan_type_wise_max_tenure: tenure,
    disbursement_date: a.today,
    emi_start_date: emiStartDate(a.today) ?? '',
    is_accepted: false,
    reason: score >= BRE_HIGH_SCORE ? msg('BRE score in the high band: longest tenure offered') : msg('BRE score in the standard band'),
  };
}

/** REQ-OFFER-1 ranges for an offer change: loanAmountMessage / loanTenureMessage of contracts/borrower.ts, else null. */
/** The disbursement date as the officer edits it: a real date, today (in India) or later; null when fine. */
export function disbursementDateIssue(date: string, now: Date = new Date()): string | null {
  const order = dmyOrder(date);
  if (order === null || !isDisbursementDate(date)) return LOAN_OFFER_MSG.invalidDisbursementDate;
  return order < (dmyOrder(indiaToday(now)) ?? 0) ? LOAN_OFFER_MSG.pastDisbursementDate : null;
}

export function offerRangeIssue(loanType: LoanType, amount: number, tenure: number): string | null {
  const p = PRODUCTS[loanType];
  if (amount < p.minAmount || amount > p.maxAmount) return loanAmountMessage(loanType);
  if (tenure < p.minTenure || tenure > p.maxTenure) return loanTenureMessage(loanType);
  return null;
}

const applicationId = v.pipe(v.string(MSG.invalidInput), v.regex(APPLICATION_ID_PATTERN, MSG.invalidInput));
const dmyDate = v.pipe(
  v.string(LOAN_OFFER_MSG.invalidDisbursementDate),
  v.trim(),
  v.check(isDisbursementDate, LOAN_OFFER_MSG.invalidDisbursementDate),
);
const num = (message: string) =>
  v.pipe(
    v.union([v.number(), v.string()], message),
    v.transform((x): number => Number(x)),
    v.check((n: number) => Number.isFinite(n), message),
  );

/** POST /v1/bureau/bre: fetch (compute once, then the stored) offer. */
export const LoanOfferFetch = v.object({ application_id: applicationId });
export type LoanOfferFetch = v.InferOutput<typeof LoanOfferFetch>;

/** PATCH /v1/bureau/bre. `emi_start_date` is accepted but the server recomputes it from `disbursement_date`. */
export const LoanOfferUpdate = v.object({
  application_id: applicationId,
  updated_info: v.object(
    {
      final_suggested_loan_amount: num(LOAN_OFFER_MSG.invalidAmount),
      risk_category_and_loan_type_wise_max_tenure: v.pipe(num(LOAN_OFFER_MSG.invalidTenure), v.integer(LOAN_OFFER_MSG.invalidTenure)),
      disbursement_date: dmyDate,
      emi_start_date: v.optional(v.string()),
    },
    MSG.invalidInput,
  ),
  is_accepted: v.optional(v.boolean(MSG.invalidInput), false),
});
export type LoanOfferUpdate = v.InferOutput<typeof LoanOfferUpdate>;

/** POST /v1/bureau/get-emi-start-date-from-disbursement-date. */
export const EmiStartDateRequest = v.object({ disbursement_date_str: dmyDate });
