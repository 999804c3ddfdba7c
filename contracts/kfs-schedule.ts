// RBI Key Facts Statement circular (RBI/2024-25/18, 15 April 2024), Annex B (APR illustration) and Annex C (repayment
// schedule): the money of a KFS from an offer's terms. Pure, so the phone (offline, in front of the borrower) and the
// server compute the same figures. docs/regulatory.md.
import * as v from 'valibot';
import { parseDmy } from './dates';
import { emi, emiStartDate, isDisbursementDate, round2 } from './loan-offer';
import { msg } from './msg';

export type KfsTerms = {
  amount: number;
  tenure_months: number;
  /** Per year, reducing balance, fixed. */
  interest_rate: number;
  /** Payable to the lender (incl. GST): deducted from the disbursement. */
  processing_fee: number;
  /** Payable to the insurer through the lender: deducted from the disbursement. */
  insurance_fee: number;
  /** DD-MM-YYYY; the EMIs start by `emiStartDate`. */
  disbursement_date: string;
};

export type ScheduleRow = { no: number; due_date: string; emi: number; principal: number; interest: number; balance: number };

export type KfsFigures = {
  emi: number;
  emi_start_date: string;
  total_interest: number;
  /** Principal + total interest (Annex B item 8: the instalments the borrower pays). */
  total_payable: number;
  total_fees: number;
  /** Amount − fees (Annex B item 7). */
  net_disbursed: number;
  /** 12 × the monthly IRR of (−net_disbursed, instalments…), in %, 2 decimals (Annex B item 9). */
  apr: number;
  schedule: ScheduleRow[];
};

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The date `k` months after a DD-MM-YYYY date (the EMI day is the 5th, so every month has it). */
function addMonths(dmy: string, k: number): string {
  const d = parseDmy(dmy)!;
  const t = new Date(Date.UTC(d.y, d.m - 1 + k, d.d));
  return `${pad2(t.getUTCDate())}-${pad2(t.getUTCMonth() + 1)}-${t.getUTCFullYear()}`;
}

/**
 * Reducing balance at rate/12 a month on the outstanding principal, interest and principal rounded to paise each month;
 * the last instalment takes whatever rounding left so the balance ends at exactly 0.
 */
export function repaymentSchedule(amount: number, ratePct: number, months: number, firstDue: string): ScheduleRow[] {
  const monthly = emi(amount, ratePct, months);
  const r = ratePct / 1200;
  const rows: ScheduleRow[] = [];
  let balance = amount;
  for (let no = 1; no <= months; no++) {
    const interest = round2(balance * r);
    const principal = no === months ? balance : round2(monthly - interest);
    balance = round2(balance - principal);
    rows.push({ no, due_date: addMonths(firstDue, no - 1), emi: round2(principal + interest), principal, interest, balance });
  }
  return rows;
}

/** Net present value at a monthly rate of −net now and the instalments at the end of each month. */
const npv = (rate: number, net: number, flows: readonly number[]) => flows.reduce((s, f, i) => s + f / (1 + rate) ** (i + 1), -net);

/**
 * The monthly internal rate of return of a loan: the rate at which the instalments are worth what was disbursed.
 * Bisection (the NPV falls as the rate rises, so the root is unique for positive flows); 0 when they repay no more.
 */
export function monthlyIrr(net: number, flows: readonly number[]): number {
  if (npv(0, net, flows) <= 0) return 0;
  let lo = 0;
  let hi = 1;
  // Bounded: with a net amount of paise the rate is huge but finite; the bound only guards against a runaway loop.
  while (npv(hi, net, flows) > 0 && hi < 1e12) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-15; i++) {
    const mid = (lo + hi) / 2;
    if (npv(mid, net, flows) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The KFS money for terms; null when the disbursement date is not a real DD-MM-YYYY date. */
export function kfsFigures(t: KfsTerms): KfsFigures | null {
  const start = emiStartDate(t.disbursement_date);
  if (!start) return null;
  const schedule = repaymentSchedule(t.amount, t.interest_rate, t.tenure_months, start);
  const total_interest = round2(schedule.reduce((s, row) => s + row.interest, 0));
  const total_fees = round2(t.processing_fee + t.insurance_fee);
  const net_disbursed = round2(t.amount - total_fees);
  const irr = monthlyIrr(
    net_disbursed,
    schedule.map((row) => row.emi),
  );
  return {
    emi: emi(t.amount, t.interest_rate, t.tenure_months),
    emi_start_date: start,
    total_interest,
    total_payable: round2(t.amount + total_interest),
    total_fees,
    net_disbursed,
    apr: round2(irr * 1200),
    schedule,
  };
}

export const KFS_PREVIEW_MSG = {
  amount: msg('Loan amount must be a number from 1 to 10,00,00,000'),
  tenure: msg('Tenure must be a whole number of months from 1 to 360'),
  rate: msg('Interest rate must be a number from 0 to 100'),
  fee: msg('Fees must be numbers of 0 or more'),
  feesBelowAmount: msg('Fees must be less than the loan amount'),
  date: msg('Invalid disbursement date'),
} as const;

const money = (message: string, max: number) =>
  v.pipe(v.number(message), v.finite(message), v.minValue(0, message), v.maxValue(max, message));

/** POST /v1/kfs/preview: any terms, bounded so the schedule and the IRR stay finite. */
export const KfsPreviewRequest = v.pipe(
  v.object({
    amount: v.pipe(money(KFS_PREVIEW_MSG.amount, 100_000_000), v.minValue(1, KFS_PREVIEW_MSG.amount)),
    tenure_months: v.pipe(
      v.number(KFS_PREVIEW_MSG.tenure),
      v.integer(KFS_PREVIEW_MSG.tenure),
      v.minValue(1, KFS_PREVIEW_MSG.tenure),
      v.maxValue(360, KFS_PREVIEW_MSG.tenure),
    ),
    interest_rate: money(KFS_PREVIEW_MSG.rate, 100),
    processing_fee: money(KFS_PREVIEW_MSG.fee, 100_000_000),
    insurance_fee: money(KFS_PREVIEW_MSG.fee, 100_000_000),
    disbursement_date: v.pipe(v.string(KFS_PREVIEW_MSG.date), v.trim(), v.check(isDisbursementDate, KFS_PREVIEW_MSG.date)),
  }),
  v.check((t) => round2(t.amount - t.processing_fee - t.insurance_fee) > 0, KFS_PREVIEW_MSG.feesBelowAmount),
);
export type KfsPreviewRequest = v.InferOutput<typeof KfsPreviewRequest>;
