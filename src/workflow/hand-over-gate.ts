// The sanction gate on the phone (contracts/sanction-gate.ts): the bank account's first submit hands the loan to the
// verification role and the accept sanctions it; the server refuses either while the loan has a blocker. The screens
// say so first, in the server's words, from what the phone holds: the application and its co-applicants.
import { appStateOf } from '../../contracts/authority';
import { type Blocker, type GateDeviation, type GateParty, type GateStep, sanctionBlockers } from '../../contracts/sanction-gate';

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
  figures_deviations?: readonly GateDeviation[];
  identity_deviations?: readonly GateDeviation[];
  co_parties?: readonly GateParty[];
  bank_account?: { deviations?: readonly GateDeviation[] };
  reference?: readonly unknown[];
  pd1_visits?: { business?: unknown; residence?: unknown } | null;
  pd2_cpv?: readonly string[];
};
/** A co-applicant as the phone holds it: the server's answer, or the optimistic copy of a save still queued. */
export type HandOverParty = Omit<GateParty, 'status'> & { status: string };

const PARTY_CODES: readonly Blocker['code'][] = ['CO_BORROWER_MISSING', 'GUARANTOR_MISSING', 'CO_APPLICANT_REJECTED', 'CO_APPLICANT_STALE'];

/**
 * The gate's blockers at `step` from what the phone holds (the household test and the KFS are the offer screen's own).
 * The parties are the phone's records, else the list's summary; a save still queued counts as present (the server's
 * answer decides it); with no record of the parties at all the phone does not guess about them, nor about the bureau
 * before the KYC step has decided.
 */
export function phoneBlockers(app: HandOverApp, records: readonly HandOverParty[], step: GateStep): Blocker[] {
  const local = records
    .filter((r) => r.status !== 'REPLACED')
    .map(
      (r): GateParty =>
        r.status === 'QUEUED' ? { ...r, status: 'APPROVED', approval_checks: { decision: 'APPROVED' }, current: true } : r,
    );
  const parties = local.length > 0 ? local : app.co_parties;
  const pd1 = app.pd1_visits ?? {};
  const pd2 = app.pd2_cpv ?? [];
  const blockers = sanctionBlockers(
    {
      loan_type: app.loan_type,
      co_applicants: parties ?? [],
      bank_deviations: app.bank_account?.deviations,
      borrower: {
        pan: app.pan,
        voter_id: app.voter_id,
        name: app.name,
        approval_checks: app.approval_checks,
        deviations: [...(app.deviations ?? []), ...(app.figures_deviations ?? []), ...(app.identity_deviations ?? [])],
      },
      references: app.reference?.length ?? 0,
      household_issue: null,
      kfs_accepted: true,
      visits: {
        pd1_business: !!pd1.business,
        pd1_residence: !!pd1.residence,
        pd2_business: pd2.includes('business'),
        pd2_residence: pd2.includes('residence'),
      },
    },
    step,
  );
  // Before the KYC step's decision the earlier steps are what is missing (the server says which); no bureau words yet.
  const decided = !!app.approval_checks;
  return blockers.filter((b) => (parties || !PARTY_CODES.includes(b.code)) && (decided || b.code !== 'BUREAU_NOT_APPROVED'));
}

/** What holds the hand-over (the bank account's first submit), or [] when nothing does or the application is past it. */
export const handOverBlockers = (app: HandOverApp | undefined, records: readonly HandOverParty[]): Blocker[] =>
  app && appStateOf(app) === 'DRAFT' ? phoneBlockers(app, records, 'HAND_OVER') : [];

/**
 * What holds the accept, from a whole record (a list summary on this phone knows too little to say). The references and
 * the visits are left to the server: the offer is only there after them, and another phone may have added them since
 * this copy was read.
 */
export const acceptBlockers = (app: (HandOverApp & { partial?: boolean }) | undefined, records: readonly HandOverParty[]): Blocker[] =>
  app && !app.partial
    ? phoneBlockers(app, records, 'ACCEPT').filter((b) => b.code !== 'REFERENCES_MISSING' && b.code !== 'VISITS_MISSING')
    : [];

/** What holds a visit besides the deviations (the visit screen lists those itself): the bureau and the parties. */
export const visitBlockers = (app: (HandOverApp & { partial?: boolean }) | undefined, records: readonly HandOverParty[]): Blocker[] =>
  app && !app.partial
    ? phoneBlockers(app, records, 'VISIT').filter((b) => b.code !== 'DEVIATION_PENDING' && b.code !== 'DEVIATION_REJECTED')
    : [];

/** What holds PD1's approval (a send-back needs nothing): every blocker of a visit, deviations included. */
export const pd1Blockers = (app: (HandOverApp & { partial?: boolean }) | undefined, records: readonly HandOverParty[]): Blocker[] =>
  app && !app.partial ? phoneBlockers(app, records, 'PD1_APPROVE') : [];
