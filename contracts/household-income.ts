// RBI Master Direction 'Regulatory Framework for Microfinance Loans' (14 March 2022): a microfinance loan is a
// collateral-free loan to a household (husband, wife and their unmarried children) with annual income up to ₹3,00,000,
// assessed by the lender's documented method; the household's monthly loan repayments, this loan included, may not
// exceed 50 % of its monthly income. Pure, so PD2 and the offer on the phone and the server's refusal agree.
// The method and its choices: docs/regulatory.md "Household income".
import { emi, round2 } from './loan-offer';
import type { LoanType } from './products';
import { PRODUCTS } from './products';
import { msg } from './msg';
import { fill, TPL } from './msg-template';

export const MFI_ANNUAL_INCOME_LIMIT = 300_000;
export const REPAYMENT_CAP_PCT = 50;

/** The tenant's documented household-income method (server/fixtures/tenants.ts). */
export type HouseholdMethod = {
  /** Applied to the visit's monthly sales when the visit records no gross margin. */
  default_gross_margin_pct: number;
  /** A co-borrower with one of these relationships to the borrower is of the household (and their loans count). */
  household_relationships: readonly string[];
};
export const DEFAULT_HOUSEHOLD_METHOD: HouseholdMethod = { default_gross_margin_pct: 20, household_relationships: ['SPOUSE'] };

/** The business visit's monthly costs deducted from the gross margin (contracts/cpv.ts labels). */
export const BUSINESS_COSTS = [
  'rent',
  'salary',
  'electricity_and_fuel',
  'machinery_repairs',
  'transportation_and_petrol',
  'admin_operating_expenses',
  'others',
] as const;

export type HouseholdInput = {
  /** The latest business-place visit (PD2 overwrites PD1): its numbers. */
  business?: Readonly<Record<string, unknown>>;
  co_applicants: readonly {
    type?: unknown;
    relationship?: unknown;
    income?: unknown;
    status?: unknown;
    existing_emis?: unknown;
    pan?: unknown;
  }[];
  family_members: readonly { income?: unknown; pan?: unknown }[];
  /** The borrower's monthly EMIs on loans the bureau reports. */
  borrower_existing_emis: number;
};

export type Household = {
  business_net_monthly: number;
  co_borrower_monthly: number;
  family_monthly: number;
  monthly_income: number;
  annual_income: number;
  /** Monthly EMIs of the household's existing loans (borrower and household co-borrowers, from the bureau). */
  existing_emis: number;
  /** REPAYMENT_CAP_PCT of the monthly income. */
  repayment_cap: number;
  /** What this loan's EMI may be: the cap less the existing EMIs, never below 0. */
  emi_room: number;
};

const num = (x: unknown): number => {
  const n = typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : 0;
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/** Net monthly business income: sales × gross margin % (the visit's, else the method's) less the business costs, ≥ 0. */
export function businessNetMonthly(visit: Readonly<Record<string, unknown>> | undefined, method: HouseholdMethod): number {
  if (!visit) return 0;
  const margin = num(visit.gross_margin_percentage) || method.default_gross_margin_pct;
  const costs = BUSINESS_COSTS.reduce((s, k) => s + num(visit[k]), 0);
  return Math.max(0, round2((num(visit.monthly_sales) * margin) / 100 - costs));
}

const panOf = (x: unknown) => (typeof x === 'string' ? x.trim().toUpperCase() : '');

/**
 * The household's income and obligations: the business, the co-borrowers of the household (by relationship; a replaced
 * one no longer counts), and every family member recorded (the family step records the household; its entity names no
 * relationship to the borrower, see docs/regulatory.md) who is not already counted as a co-borrower (same PAN): Annex I
 * of the directions asks for no double counting.
 */
export function assessHousehold(input: HouseholdInput, method: HouseholdMethod): Household {
  const members = input.co_applicants.filter(
    (c) =>
      c.type === 'CO_BORROWER' &&
      c.status !== 'REPLACED' &&
      typeof c.relationship === 'string' &&
      method.household_relationships.includes(c.relationship),
  );
  const business_net_monthly = businessNetMonthly(input.business, method);
  const co_borrower_monthly = round2(members.reduce((s, c) => s + num(c.income), 0));
  const counted = new Set(members.map((c) => panOf(c.pan)).filter(Boolean));
  const family_monthly = round2(input.family_members.reduce((s, f) => s + (counted.has(panOf(f.pan)) ? 0 : num(f.income)), 0));
  const monthly_income = round2(business_net_monthly + co_borrower_monthly + family_monthly);
  const existing_emis = round2(num(input.borrower_existing_emis) + members.reduce((s, c) => s + num(c.existing_emis), 0));
  const repayment_cap = round2((monthly_income * REPAYMENT_CAP_PCT) / 100);
  return {
    business_net_monthly,
    co_borrower_monthly,
    family_monthly,
    monthly_income,
    annual_income: round2(monthly_income * 12),
    existing_emis,
    repayment_cap,
    emi_room: Math.max(0, round2(repayment_cap - existing_emis)),
  };
}

/** The largest amount (a multiple of ₹100) whose EMI at the rate and tenure fits in `room`. */
export function maxAmountWithinRoom(room: number, ratePct: number, months: number): number {
  if (!(room > 0) || !(months > 0)) return 0;
  let p = Math.floor(room / (emi(1_000_000, ratePct, months) / 1_000_000) / 100) * 100;
  while (p > 0 && emi(p, ratePct, months) > room) p -= 100;
  return p;
}

const rupees = (x: number) => `₹${x.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const HOUSEHOLD_MSG = {
  incomeLimit: msg('Household income is above ₹3,00,000 a year: the MFI Business Loan cannot be offered to this household'),
  noRoom: msg(`The household's loan repayments would be above 50 % of its monthly income even at the smallest MFI Business Loan`),
  overCap: (max: number) => fill(TPL.overCap, { amount: rupees(max) }),
} as const;

/** The MFI product's household limits for a tenure: the largest amount allowed, or the reason none can be offered. */
export function mfiLimit(h: Household, ratePct: number, months: number): { maxAmount: number; refusal: string | null } {
  const p = PRODUCTS.MFI_BUSINESS_LOAN;
  if (h.annual_income > MFI_ANNUAL_INCOME_LIMIT) return { maxAmount: 0, refusal: HOUSEHOLD_MSG.incomeLimit };
  const maxAmount = Math.min(p.maxAmount, maxAmountWithinRoom(h.emi_room, ratePct, months));
  return maxAmount < p.minAmount ? { maxAmount, refusal: HOUSEHOLD_MSG.noRoom } : { maxAmount, refusal: null };
}

/** Null when the offer keeps within the household limits (the unsecured product has none here), else the message. */
export function householdIssue(loanType: LoanType, h: Household, amount: number, ratePct: number, months: number): string | null {
  if (loanType !== 'MFI_BUSINESS_LOAN') return null;
  const { maxAmount, refusal } = mfiLimit(h, ratePct, months);
  if (refusal) return refusal;
  return amount > maxAmount ? HOUSEHOLD_MSG.overCap(maxAmount) : null;
}
