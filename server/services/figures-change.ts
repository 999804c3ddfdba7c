import type { Deviation, FigureChange } from '../../contracts/deviations';
import {
  changeReasonOf,
  FIGURES_MSG,
  figureChanges,
  figuresHeld,
  nextFiguresDeviations,
  VISIT_FIGURES,
} from '../../contracts/figures-change';
import { mfiLimit } from '../../contracts/household-income';
import type { LoanOffer } from '../../contracts/loan-offer';
import { ApiError } from '../api-error';
import type { Queryable } from '../db/db';
import type { AppRow } from './application-store';
import { householdOf } from './household';
import { loanTypeOf } from './loan-offer';
import { recordOr } from './stored-json';

// The server side of contracts/figures-change.ts: after PD2, or once the household test refuses the loan on record, a
// write that changes a figure the test reads (the business visit's sales, margin and costs; a family member's income)
// needs a `change_reason` (400 without) and raises a FIGURES_CHANGE_DEVIATION in `data.figures_deviations` for a second
// person. The services call `heldFiguresPatch` with the changes they computed and store what it answers with their write.

/** Whether the household test refuses the MFI offer on record with the figures as they stand. */
async function householdRefuses(q: Queryable, app: AppRow): Promise<boolean> {
  const offer = app.data.loan_offer as LoanOffer | undefined;
  if (!offer || typeof offer !== 'object' || loanTypeOf(app.data) !== 'MFI_BUSINESS_LOAN') return false;
  const h = await householdOf(q, app);
  return mfiLimit(h, offer.interest_rate, offer.risk_category_and_loan_type_wise_max_tenure).refusal !== null;
}

export const figuresDeviationsOf = (data: Record<string, unknown>): Deviation[] =>
  Array.isArray(data.figures_deviations) ? (data.figures_deviations as Deviation[]) : [];

/**
 * The `data` patch for a write that changes `changes`: none while figures are not held or nothing changed; 400 without
 * a reason in `body.change_reason`; else `figures_deviations` with the change for a second person.
 */
export async function heldFiguresPatch(
  q: Queryable,
  app: AppRow,
  changes: readonly FigureChange[],
  body: Readonly<Record<string, unknown>>,
): Promise<{ figures_deviations: Deviation[] } | Record<string, never>> {
  if (changes.length === 0) return {};
  const list = figuresDeviationsOf(app.data);
  const openDeviation = list.some((d) => d.status !== 'APPROVED');
  if (!figuresHeld({ status: app.status, householdRefused: await householdRefuses(q, app), openDeviation })) return {};
  const reason = changeReasonOf(body);
  if (!reason) throw new ApiError(400, FIGURES_MSG.reason);
  return { figures_deviations: nextFiguresDeviations(list, changes, reason) };
}

/** For a CPV submit: the business visit's figures against the stored visit (a residence visit holds none the test reads). */
export const visitFiguresPatch = (
  q: Queryable,
  app: AppRow,
  variant: 'business' | 'residence',
  fields: Readonly<Record<string, unknown>>,
  body: Readonly<Record<string, unknown>>,
) =>
  variant === 'business'
    ? heldFiguresPatch(q, app, figureChanges(recordOr(app.data.cpv_business), fields, VISIT_FIGURES, 'cpv_business.'), body)
    : Promise.resolve({});

/** The household totals a co-applicant's income, relationship or PAN (and a family member's PAN) move, with labels. */
const HOUSEHOLD_FIGURES: Readonly<Record<string, string>> = {
  monthly_income: 'Household monthly income',
  existing_emis: "Household's existing EMIs",
};

/** The household totals as they stand in this transaction: read before a write, then given to `householdFiguresPatch`. */
export async function householdFigures(q: Queryable, app: AppRow): Promise<Record<string, number>> {
  const h = await householdOf(q, app);
  return { monthly_income: h.monthly_income, existing_emis: h.existing_emis };
}

/**
 * For a write that moves the household totals without a figure of its own (a co-applicant's income, relationship or
 * PAN; a family member's PAN): the totals before → after as held figures. Call after the write, in its transaction: a
 * 400 rolls the write back.
 */
export async function householdFiguresPatch(
  q: Queryable,
  app: AppRow,
  before: Record<string, number>,
  body: Readonly<Record<string, unknown>>,
  alsoChanged: readonly FigureChange[] = [],
) {
  const moved = figureChanges(before, await householdFigures(q, app), HOUSEHOLD_FIGURES, 'household.');
  return heldFiguresPatch(q, app, [...alsoChanged, ...moved], body);
}
