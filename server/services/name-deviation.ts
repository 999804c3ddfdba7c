import { isDeepStrictEqual } from 'node:util';
import type { Deviation, DeviationType } from '../../contracts/deviations';
import type { NameSource } from '../../contracts/verification';
import { matchNames } from './name-match';

// Name-mismatch deviations (REQ-DEV-2) as the server keeps them, for the borrower, the
// co-applicants and the bank account alike: the server adds one a queued submit could not ask for, and owns every
// deviation's status.

/** One name of the match: PAN / VOTER_ID / INPUT for people, BANK_ACCOUNT / AADHAAR for the bank holder (REQ-VER-5). */
export type NameValue = { value: string; source: NameSource };

/**
 * A deviation's status is the server's: PENDING when new, the stored status when the same deviation (type and
 * match info) was submitted before, so a resubmit neither self-approves nor resets a supervisor's decision. The names
 * alone do not make it the same: when the write is about another subject than the stored one (another PAN, another
 * payout account), `sameSubject` is false and nothing carries over, so a decision never stands for another person or
 * account with the same names.
 */
export function withServerStatus(submitted: readonly Deviation[], stored: unknown, sameSubject = true): Deviation[] {
  const before = sameSubject && Array.isArray(stored) ? (stored as Deviation[]) : [];
  return submitted.map((d) => {
    const same = before.find((b) => b.type === d.type && isDeepStrictEqual(b.info, d.info));
    const { status: _sent, decided_by: _by, decided_at: _at, decision_remarks: _why, raised_by: _raiser, ...asked } = d;
    // The same deviation keeps who raised it; a new one is stamped with the writer as it is stored.
    const raised = same?.raised_by ? { raised_by: same.raised_by } : {};
    if (!same?.status || same.status === 'PENDING') return { ...asked, ...raised, status: 'PENDING' };
    const { decided_by, decided_at, decision_remarks } = same;
    return { ...asked, ...raised, status: same.status, decided_by, decided_at, decision_remarks };
  });
}

/**
 * The name-mismatch deviation of `type` as the server finds it: the match runs here over the verified names and the
 * typed one, whatever the client sent (a client's own `info`, e.g. `is_match: true`, could clear a real
 * mismatch). A mismatch is recorded for a supervisor, exactly as if the officer had continued with the deviation
 * (also when the submit was queued offline, where the phone could not ask); matching names need none. A client's
 * deviations of other types are dropped.
 */
export function withNameDeviation(
  _submitted: readonly Deviation[],
  values: NameValue[],
  type: DeviationType = 'BORROWER_NAME_MISMATCH_DEVIATION',
): Deviation[] {
  const match = matchNames(values.map((v) => v.value));
  if (match.is_match) return [];
  return [{ type, info: { is_match: false, score: match.score, values } }];
}
