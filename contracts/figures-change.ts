// Money figures the household test reads (contracts/household-income.ts) change, after PD2 or after that test refused
// the loan, only with a reason and a second person: the change is stored and raises a FIGURES_CHANGE_DEVIATION holding
// each figure before → after, decided by another reviewer (contracts/four-eyes.ts). Pure, with table tests.
import { CPV_BUSINESS_NUMBERS } from './cpv';
import type { Deviation, FigureChange } from './deviations';
import { BUSINESS_COSTS } from './household-income';
import { msg } from './msg';

export const FIGURES_MSG = {
  reason: msg('Say why the figures change: after PD2 a change of sales, margin, expenses or incomes needs a reason (change_reason)'),
} as const;

/** The business visit's figures the household test reads, with their labels. */
export const VISIT_FIGURES: Readonly<Record<string, string>> = Object.fromEntries(
  (['monthly_sales', 'gross_margin_percentage', ...BUSINESS_COSTS] as const).map((k) => [k, CPV_BUSINESS_NUMBERS[k]]),
);

/**
 * Figures are held once PD2 is complete, or once the household test refused the loan with the figures as they stand,
 * or while a figures deviation is open (PENDING) or REJECTED: no write moves a figure past it unseen.
 */
export function figuresHeld(a: { status: string; householdRefused: boolean; openDeviation?: boolean }): boolean {
  return a.status === 'PD2_COMPLETE' || a.householdRefused || a.openDeviation === true;
}

const num = (x: unknown): number | null => {
  const n = typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** Each figure of `fields` whose value differs between `before` and `after` (as the household test reads them: none is 0). */
export function figureChanges(
  before: Readonly<Record<string, unknown>> | undefined,
  after: Readonly<Record<string, unknown>>,
  fields: Readonly<Record<string, string>>,
  prefix: string,
): FigureChange[] {
  return Object.entries(fields).flatMap(([key, label]) => {
    const [b, a] = [num(before?.[key]), num(after[key])];
    return (b ?? 0) === (a ?? 0) ? [] : [{ field: `${prefix}${key}`, label, before: b, after: a }];
  });
}

/**
 * The figures deviation after a change: a PENDING one keeps each figure's first `before` and takes the new `after`
 * (a figure back where it was drops out; none left: no deviation); a decided one is followed by a new PENDING one. The
 * raiser is stamped by the server as it stores the write (server/services/deviation-raiser.ts).
 */
export function nextFiguresDeviation(existing: Deviation | undefined, changes: readonly FigureChange[], reason: string): Deviation | null {
  const open = existing?.status === 'PENDING' ? (existing.info.changes ?? []) : [];
  const merged = new Map(open.map((c) => [c.field, c]));
  for (const c of changes) {
    const first = merged.get(c.field);
    merged.set(c.field, first ? { ...first, after: c.after } : c);
  }
  const list = [...merged.values()].filter((c) => c.before !== c.after);
  if (list.length === 0) return null;
  const reasons = open.length && existing?.info.reason ? `${existing.info.reason}; ${reason}` : reason;
  // Every writer of a change it still holds is a maker: the raiser stamped now is the latest, the earlier ones stay named.
  const earlier = open.length ? [...(existing?.earlier_raisers ?? []), existing?.raised_by?.user_id] : [];
  const earlier_raisers = [...new Set(earlier.filter((id): id is number => typeof id === 'number'))];
  return {
    type: 'FIGURES_CHANGE_DEVIATION',
    info: { is_match: false, changes: list, reason: reasons },
    status: 'PENDING',
    ...(earlier_raisers.length ? { earlier_raisers } : {}),
  };
}

/**
 * The figures deviations after a change: a decided one is never dropped nor replaced (a REJECTED one stands and keeps
 * holding the loan at the gate: the figures cannot be sanctioned on this application any more); the PENDING one follows
 * `nextFiguresDeviation` (merged, or gone when every figure is back), after the decided ones.
 */
export function nextFiguresDeviations(list: readonly Deviation[], changes: readonly FigureChange[], reason: string): Deviation[] {
  const decided = list.filter((d) => d.status === 'APPROVED' || d.status === 'REJECTED');
  const open = list.find((d) => d.status !== 'APPROVED' && d.status !== 'REJECTED');
  const next = nextFiguresDeviation(open, changes, reason);
  return next ? [...decided, next] : decided;
}

/** The change reason of a body: trimmed text, or undefined when absent or blank. */
export function changeReasonOf(body: Readonly<Record<string, unknown>>): string | undefined {
  const r = body.change_reason;
  return typeof r === 'string' && r.trim() ? r.trim().slice(0, 500) : undefined;
}
