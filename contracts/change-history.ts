// The application's change history: every change to identity (name, PAN, voter id, date of birth), the payout account
// (number, IFSC, holder), the amounts and the figures the household test reads, with who, in which role, when, and
// before → after. The server records it as each write is stored (server/services/application-writes.ts); GET
// /v1/app/mfi/{id}/history answers it and the review summary shows it. Pure, with table tests.
import * as v from 'valibot';
import { VISIT_FIGURES } from './figures-change';
import { msg } from './msg';
import { fill, TPL } from './msg-template';

/** A tracked field: its path in the application's data and its label. */
export const TRACKED: readonly { path: readonly string[]; label: string; mask?: true }[] = [
  { path: ['name'], label: msg('Name') },
  { path: ['pan'], label: 'PAN' },
  { path: ['voter_id'], label: msg('Voter id') },
  { path: ['dob'], label: msg('Date of birth') },
  { path: ['loan_type'], label: msg('Loan type') },
  { path: ['bank_account', 'account_number'], label: msg('Payout account number'), mask: true },
  { path: ['bank_account', 'ifsc_code'], label: msg('Payout IFSC') },
  { path: ['bank_account', 'account_holder_name'], label: msg('Payout account holder') },
  { path: ['amount_requested'], label: msg('Amount requested') },
  { path: ['tenure_requested'], label: msg('Tenure requested') },
  { path: ['loan_offer', 'final_suggested_loan_amount'], label: msg('Loan amount offered') },
  { path: ['loan_offer', 'risk_category_and_loan_type_wise_max_tenure'], label: msg('Tenure offered') },
  ...Object.entries(VISIT_FIGURES).map(([k, label]) => ({ path: ['cpv_business', k], label: fill(TPL.businessVisit, { label }) })),
];

const Value = v.nullable(v.union([v.string(), v.number()]));
export const Change = v.object({ field: v.string(), label: v.string(), before: Value, after: Value });
export type Change = v.InferOutput<typeof Change>;
export const HistoryEntry = v.object({
  at: v.string(),
  by_user_id: v.nullable(v.number()),
  role: v.nullable(v.string()),
  changes: v.array(Change),
});
export type HistoryEntry = v.InferOutput<typeof HistoryEntry>;

const at = (data: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), data);

const scalar = (x: unknown): string | number | null => (typeof x === 'string' || typeof x === 'number' ? x : null);
/** An account number as the history shows it: its last 4 digits only. */
export const maskAccount = (x: string | number | null) => (x === null ? null : `••••${String(x).slice(-4)}`);

/**
 * The tracked fields a write changes: `patch` merged over `before` at the top level (as the write stores it). A field
 * set for the first time is no change (the step's own record says who entered it); numbers and their text are equal.
 */
export function changesOf(before: Readonly<Record<string, unknown>>, patch: Readonly<Record<string, unknown>>): Change[] {
  return TRACKED.flatMap(({ path, label, mask }) => {
    if (!Object.hasOwn(patch, path[0]!)) return [];
    const [b, a] = [scalar(at(before, path)), scalar(at(patch, path))];
    if (b === null || b === '' || String(b) === String(a ?? '')) return [];
    const show = mask ? maskAccount : (x: string | number | null) => x;
    return [{ field: path.join('.'), label, before: show(b), after: show(a) }];
  });
}
