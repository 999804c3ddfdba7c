// The sanction gate at the hand-over, on the phone (contracts/sanction-gate.ts): the bank account's first submit hands the
// loan to the verification role, and the server refuses it while the loan has a blocker. The screen says so first, in
// the server's words, from what the phone holds: the application and its co-applicants.
import { appStateOf } from '../../contracts/authority';
import { type Blocker, type GateDeviation, type GateParty, sanctionBlockers } from '../../contracts/sanction-gate';

export type HandOverApp = {
  status?: string;
  stages?: readonly string[];
  sanctioned?: unknown;
  approval_checks?: { decision?: string; decided_for?: { pan?: unknown; voter_id?: unknown } } | null;
  loan_type?: unknown;
  pan?: unknown;
  voter_id?: unknown;
  name?: string;
  deviations?: readonly GateDeviation[];
  co_parties?: readonly GateParty[];
};
/** A co-applicant as the phone holds it: the server's answer, or the optimistic copy of a save still queued. */
export type HandOverParty = Omit<GateParty, 'status'> & { status: string };

const PARTY_CODES: readonly Blocker['code'][] = ['CO_BORROWER_MISSING', 'GUARANTOR_MISSING', 'CO_APPLICANT_REJECTED', 'CO_APPLICANT_STALE'];

/**
 * What holds the hand-over, or [] when nothing does (or the application is past it). The parties are the phone's
 * records, else the list's summary; a save still queued counts as present (the server's answer decides it); with no
 * record of the parties at all the phone does not guess about them.
 */
export function handOverBlockers(app: HandOverApp | undefined, records: readonly HandOverParty[]): Blocker[] {
  if (!app || appStateOf(app) !== 'DRAFT') return [];
  const local = records
    .filter((r) => r.status !== 'REPLACED')
    .map((r): GateParty => (r.status === 'QUEUED' ? { ...r, status: 'APPROVED', approval_checks: { decision: 'APPROVED' }, current: true } : r));
  const parties = local.length > 0 ? local : app.co_parties;
  const blockers = sanctionBlockers(
    {
      loan_type: app.loan_type,
      co_applicants: parties ?? [],
      borrower: { pan: app.pan, voter_id: app.voter_id, name: app.name, approval_checks: app.approval_checks, deviations: app.deviations },
    },
    'HAND_OVER',
  );
  return parties ? blockers : blockers.filter((b) => !PARTY_CODES.includes(b.code));
}
