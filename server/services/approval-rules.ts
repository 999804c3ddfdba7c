// Approval checks come from a rule set over the bureau fixtures (age, overdue, loan range; REQ-SBX-6): the simulated
// bureau and policy decision run when the KYC step is submitted. Pure: the borrower data and the day in, a decision out.
import { BORROWER_AGE } from '../../contracts/borrower';
import { CO_APPLICANT_AGE } from '../../contracts/co-applicant';
import { ageFromDmy } from '../../contracts/dates';
import type { ApprovalChecks } from '../../contracts/kyc';
import { type LoanType, PRODUCTS } from '../../contracts/products';
import { PAN_FIXTURES } from '../fixtures/identities';

export const REJECTION_REASONS = ['OVERDUE_AMOUNT_PRESENT', 'AGE_CRITERIA_NOT_MET', 'LOAN_AMOUNT_OUT_OF_RANGE'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** The borrower fields the rules read (as stored by the borrower submit). */
export type ApprovalInput = {
  pan?: unknown;
  age?: unknown;
  dob?: unknown;
  loan_type?: unknown;
  amount_requested?: unknown;
  tenure_requested?: unknown;
};

export type CheckValues = {
  /** From the bureau fixture (REQ-SBX-3); 0 when the bureau reports nothing overdue. */
  overdue_amount: number;
  /** Age from `dob` on the day of the check (else the `age` field); null when neither is readable. */
  age: number | null;
  amount_requested: number | null;
  min_amount: number | null;
  max_amount: number | null;
  tenure_requested: number | null;
};

export type ApprovalDecision = Required<ApprovalChecks> & { reasons: RejectionReason[]; check_values: CheckValues };

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const isLoanType = (x: unknown): x is LoanType => typeof x === 'string' && Object.hasOwn(PRODUCTS, x);

/** Ages the record claims: the one derived from dob, and the age field; every known one must be in range. */
function agesOf(input: ApprovalInput, today: Date): number[] {
  const fromDob = typeof input.dob === 'string' ? ageFromDmy(input.dob, today) : null;
  return [fromDob, num(input.age)].filter((a): a is number => a !== null);
}

/**
 * Rules, in this order (all that apply are reported):
 * - the PAN has a bureau fixture with a rejection (BADCR1234D) → its reasons (OVERDUE_AMOUNT_PRESENT) and overdue amount;
 * - an age (from dob, or the age field) outside 21–60, or no readable age → AGE_CRITERIA_NOT_MET;
 * - no known loan type, or amount_requested outside the product's range (contracts/products.ts) → LOAN_AMOUNT_OUT_OF_RANGE.
 * No reason → APPROVED with reasons [].
 */
export function approvalChecks(input: ApprovalInput, today: Date): ApprovalDecision {
  const { reasons, bureau, ages } = personRules(input, today, BORROWER_AGE);

  const amount = num(input.amount_requested);
  const product = isLoanType(input.loan_type) ? PRODUCTS[input.loan_type] : null;
  if (!product || amount === null || amount < product.minAmount || amount > product.maxAmount) reasons.push('LOAN_AMOUNT_OUT_OF_RANGE');

  return {
    decision: reasons.length === 0 ? 'APPROVED' : 'REJECTED',
    reasons,
    check_values: {
      overdue_amount: bureau?.overdue_amount ?? 0,
      age: ages[0] ?? null,
      amount_requested: amount,
      min_amount: product?.minAmount ?? null,
      max_amount: product?.maxAmount ?? null,
      tenure_requested: num(input.tenure_requested),
    },
  };
}

const isReason = (r: string): r is RejectionReason => (REJECTION_REASONS as readonly string[]).includes(r);

/** The rules about the person (bureau fixture of the PAN, then age in `range`), shared by borrower and co-applicant. */
function personRules(input: ApprovalInput, today: Date, range: { min: number; max: number }) {
  const reasons: RejectionReason[] = [];
  const pan = typeof input.pan === 'string' ? input.pan.trim().toUpperCase() : '';
  const bureau = Object.hasOwn(PAN_FIXTURES, pan) ? PAN_FIXTURES[pan]?.bureau : undefined;
  if (bureau) for (const r of bureau.reasons) if (isReason(r) && !reasons.includes(r)) reasons.push(r);
  const ages = agesOf(input, today);
  if (ages.length === 0 || ages.some((a) => a < range.min || a > range.max)) reasons.push('AGE_CRITERIA_NOT_MET');
  return { reasons, bureau, ages };
}

/** A co-applicant's bureau decision (approval_checks: decision, rejected; REQ-COAP-4). */
export type CoApplicantDecision = {
  decision: 'APPROVED' | 'REJECTED';
  rejected: boolean;
  reasons: RejectionReason[];
  check_values: { overdue_amount: number; age: number | null };
};

/**
 * The bureau check of a co-applicant (create, PAN change, hardcheck): the same bureau fixture (BADCR1234D →
 * OVERDUE_AMOUNT_PRESENT with its overdue amount) and the co-applicant age range 18–65 (contracts/co-applicant.ts,
 * from dob and the age field); no loan rule (the loan is the borrower's).
 */
export function coApplicantChecks(input: Pick<ApprovalInput, 'pan' | 'age' | 'dob'>, today: Date): CoApplicantDecision {
  const { reasons, bureau, ages } = personRules(input, today, CO_APPLICANT_AGE);
  const decision = reasons.length === 0 ? 'APPROVED' : 'REJECTED';
  return {
    decision,
    rejected: decision === 'REJECTED',
    reasons,
    check_values: { overdue_amount: bureau?.overdue_amount ?? 0, age: ages[0] ?? null },
  };
}
