// REQ-VER-5: names from PAN, voter id and the form are matched (two sources at least); a mismatch can be
// continued with a deviation that a supervisor later approves.
import type { Deviation, DeviationType } from '../../contracts/deviations';
import type { NameMatchAnswer, NameSource } from '../../contracts/verification';
import { VERIFY_MSG } from '../../contracts/verification';
import { softCall } from '../api/http';

export type NameValue = { value: string; source: NameSource };
export type MatchOutcome =
  | { kind: 'match' }
  | { kind: 'skipped' }
  | { kind: 'mismatch'; deviation: Deviation }
  | { kind: 'failed'; message: string };

/** The names known so far, in the order of the specification; empty ones are left out. */
export function nameValues(names: Partial<Record<NameSource, string | undefined>>): NameValue[] {
  return (['PAN', 'VOTER_ID', 'INPUT', 'BANK_ACCOUNT', 'AADHAAR'] as const)
    .map((source) => ({ source, value: (names[source] ?? '').trim() }))
    .filter((n) => n.value !== '');
}

export async function matchNames(appId: string, values: NameValue[], type: DeviationType): Promise<MatchOutcome> {
  if (values.length < 2) return { kind: 'skipped' };
  const a = await softCall<Partial<NameMatchAnswer> & { message?: string }>('verification', '/v1/name_matcher', {
    method: 'POST',
    body: { application_id: appId, values },
  });
  if (a.success === false || typeof a.data?.is_match !== 'boolean') return { kind: 'failed', message: VERIFY_MSG.nameMatchFailed };
  if (a.data.is_match) return { kind: 'match' };
  return { kind: 'mismatch', deviation: { type, info: { is_match: false, score: a.data.score, values } } };
}
