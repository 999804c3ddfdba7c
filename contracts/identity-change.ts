// Who borrows and what loan, once the application is handed over (status past DRAFT): a change of the borrower's PAN,
// voter id, name or date of birth, or of the loan type or amount, is stored but raises an IDENTITY_CHANGE_DEVIATION
// holding each field before → after, decided by a second person (contracts/four-eyes.ts). While it is pending the gate
// holds the visits, PD1's approval and the offer's accept; a rejected one holds them for good (the loan needs a new
// application). Pure, with table tests.
import type { Deviation, IdentityChange } from './deviations';
import { msg } from './msg';

/** The fields that say who borrows and what loan, with their labels. */
export const IDENTITY_FIELDS: Readonly<Record<string, string>> = {
  pan: 'PAN',
  voter_id: msg('Voter id'),
  name: msg('Name'),
  dob: msg('Date of birth'),
  loan_type: msg('Loan type'),
  amount_requested: msg('Amount requested'),
};

/** Identity is held once the application left DRAFT (the hand-over): the reviewers' checks were made for it. */
export const identityHeld = (status: string) => status !== 'DRAFT';

const value = (x: unknown): string | number | null =>
  typeof x === 'number' && Number.isFinite(x) ? x : typeof x === 'string' && x.trim() !== '' ? x.trim() : null;
const same = (a: string | number | null, b: string | number | null) =>
  a === b || (a !== null && b !== null && String(a).toUpperCase() === String(b).toUpperCase());

/** Each identity field the write carries whose value differs from the stored one (case and spaces aside). */
export function identityChanges(before: Readonly<Record<string, unknown>>, write: Readonly<Record<string, unknown>>): IdentityChange[] {
  return Object.entries(IDENTITY_FIELDS).flatMap(([field, label]) => {
    if (!Object.hasOwn(write, field)) return [];
    const [b, a] = [value(before[field]), value(write[field])];
    return same(b, a) ? [] : [{ field, label, before: b, after: a }];
  });
}

/**
 * The identity deviations after a write: decided ones always stay (a rejection is never erased); the PENDING one keeps
 * each field's first `before` and takes the new `after` (a field put back drops out; none left: no pending one); new
 * changes with no pending one open a new PENDING one. Every writer of a change the pending one holds is a maker.
 */
export function nextIdentityDeviations(list: readonly Deviation[], changes: readonly IdentityChange[]): Deviation[] {
  if (changes.length === 0) return [...list];
  const decided = list.filter((d) => d.status && d.status !== 'PENDING');
  const open = list.find((d) => !d.status || d.status === 'PENDING');
  const merged = new Map((open?.info.identity ?? []).map((c) => [c.field, c]));
  for (const c of changes) {
    const first = merged.get(c.field);
    merged.set(c.field, first ? { ...first, after: c.after } : c);
  }
  const held = [...merged.values()].filter((c) => !same(c.before, c.after));
  if (held.length === 0) return decided;
  const earlier = open ? [...(open.earlier_raisers ?? []), open.raised_by?.user_id] : [];
  const earlier_raisers = [...new Set(earlier.filter((id): id is number => typeof id === 'number'))];
  const next: Deviation = {
    type: 'IDENTITY_CHANGE_DEVIATION',
    info: { is_match: false, identity: held },
    status: 'PENDING',
    ...(earlier_raisers.length ? { earlier_raisers } : {}),
  };
  return [...decided, next];
}
