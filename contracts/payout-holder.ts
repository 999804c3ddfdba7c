// The payout account's holder is the bank's answer, never the typed name: a typed name that differs is kept beside it
// and shown in the bank name deviation, and re-pointing the payout at another account needs a fresh bank check. Pure,
// so the server's record and its tests agree (server/services/payout-holder.ts).
import { msg } from './msg';

export const PAYOUT_MSG = {
  freshCheck: msg('The payout account is changing: run the bank check for the new account again before saving it'),
} as const;

const norm = (x: string) => x.trim().replace(/\s+/g, ' ').toUpperCase();

/** Two names the same when case and spacing are set aside (how the bank and the officer may write one name). */
export const sameName = (a: string, b: string) => norm(a) === norm(b);

/**
 * The holder to store and the typed name to keep beside it: the typed one when it is the bank's (as typed), else the
 * bank's with the typed one kept as `typed` for the deviation.
 */
export function payoutHolder(typedName: string, bankName: string): { holder: string; typed?: string } {
  return sameName(typedName, bankName) ? { holder: typedName } : { holder: bankName, typed: typedName };
}

type Pair = { account_number?: unknown; ifsc_code?: unknown };
const ifscOf = (x: unknown) => (typeof x === 'string' ? x.trim().toUpperCase() : x);

/** Whether a submit points the payout at another account than the stored one (none stored: not a re-point). */
export function isRepoint(stored: Pair | undefined, next: Pair): boolean {
  if (!stored) return false;
  return stored.account_number !== next.account_number || ifscOf(stored.ifsc_code) !== ifscOf(next.ifsc_code);
}

/** A check is fresh for a re-point when it was made after the current payout account was stored (history order). */
export const isFreshCheck = (checkedSeq: number | null, storedSeq: number | null) =>
  checkedSeq !== null && (storedSeq === null || checkedSeq > storedSeq);
