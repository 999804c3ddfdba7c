// The sanction gate: everything that must hold before a loan moves forward, as one list of blockers with a stable code
// and plain words. Pure: the server evaluates it at every step that moves a loan on (hand-over, the visits, PD1
// approval, PD2 completion, the offer's accept) and the phone shows the same list, so no screen offers what the server
// refuses. docs/workflow.md "The sanction gate".
import { CONSENT_MSG } from './consent';
import type { LoanType } from './products';
import { msg } from './msg';
import { fill, TPL } from './msg-template';

/** The steps that move a loan forward; each checks the blockers relevant at that point (GATE_CHECKS). */
export const GATE_STEPS = ['HAND_OVER', 'VISIT', 'PD1_APPROVE', 'ACCEPT'] as const;
export type GateStep = (typeof GATE_STEPS)[number];

export const BLOCKER_CODES = [
  'DEVIATION_PENDING',
  'DEVIATION_REJECTED',
  'BUREAU_NOT_APPROVED',
  'BUREAU_STALE',
  'CO_BORROWER_MISSING',
  'GUARANTOR_MISSING',
  'CO_APPLICANT_REJECTED',
  'CO_APPLICANT_STALE',
  'HOUSEHOLD',
  'REFERENCES_MISSING',
  'VISITS_MISSING',
  'KFS_NOT_ACCEPTED',
  'CONSENT_WITHDRAWN',
] as const;
export type BlockerCode = (typeof BLOCKER_CODES)[number];

/** One reason the loan cannot move on. `subject`: whose it is (a co-applicant's id, 'BORROWER', 'BANK_ACCOUNT'). */
export type Blocker = { code: BlockerCode; message: string; subject?: string };

type Kind = 'deviations' | 'bureau' | 'parties' | 'household' | 'references' | 'visits' | 'kfs';

/** Which kinds of blocker each step checks: the parties and decisions at every step, the rest before the sanction. */
export const GATE_CHECKS: Readonly<Record<GateStep, readonly Kind[]>> = {
  HAND_OVER: ['deviations', 'bureau', 'parties'],
  VISIT: ['deviations', 'bureau', 'parties'],
  PD1_APPROVE: ['deviations', 'bureau', 'parties'],
  ACCEPT: ['deviations', 'bureau', 'parties', 'household', 'references', 'visits', 'kfs'],
};

/** The identity a bureau decision was made for: a decision is only good for the PAN and voter id it was made on. */
export type Identity = { pan?: unknown; voter_id?: unknown };
export type BureauDecision = { decision?: string; decided_for?: Identity } | null | undefined;

export type GateDeviation = { type: string; status?: string; info?: { is_match?: boolean } };

export type GateParty = {
  id: string;
  type: string;
  status: string;
  name?: string;
  pan?: unknown;
  voter_id?: unknown;
  approval_checks?: BureauDecision;
  /** Whether the decision was made for the current PAN and voter id, when the caller worked it out (a list row has no PAN). */
  current?: boolean;
  deviations?: readonly GateDeviation[];
};

export type GateInput = {
  loan_type?: unknown;
  borrower: Identity & { name?: string; approval_checks?: BureauDecision; deviations?: readonly GateDeviation[] };
  bank_deviations?: readonly GateDeviation[];
  /** The co-applicants still in force (a REPLACED one is left out by the caller, or here). */
  co_applicants: readonly GateParty[];
  /** The household test on the latest figures for the offer's terms: null when it passes (ACCEPT). */
  household_issue?: string | null;
  /** How many references are stored (ACCEPT). */
  references?: number;
  /** Both visits by the verification role (PD1) and both by the review role (PD2) (ACCEPT). */
  visits?: { pd1_business: boolean; pd1_residence: boolean; pd2_business: boolean; pd2_residence: boolean };
  /** A KFS accepted for exactly this offer (ACCEPT). */
  kfs_accepted?: boolean;
  /** The borrower withdrew consent (`data.consent_withdrawn`): nothing moves on, at any step. */
  consent_withdrawn?: boolean;
};

export const GATE_MSG = {
  refused: msg('The loan cannot move on yet'),
  deviationPending: (what: string) => fill(TPL.deviationPending, { what }),
  deviationRejected: (what: string) => fill(TPL.deviationRejected, { what }),
  bureauNotApproved: msg('The bureau has not approved the borrower'),
  bureauStale: msg(`The borrower's PAN or voter ID changed after the bureau check: submit the KYC details again`),
  coBorrowerMissing: msg('Add a co-borrower: this loan needs one'),
  guarantorMissing: msg('Add a guarantor: this loan needs one'),
  partyRejected: (who: string) => fill(TPL.partyRejected, { who }),
  partyStale: (who: string) => fill(TPL.partyStale, { who }),
  referencesMissing: msg('Add at least one reference'),
  visitsMissing: msg('Both visits (business and residence) by the verification role and by the review role are needed'),
  kfsNotAccepted: msg('The borrower has not accepted the Key Facts Statement of this offer'),
  consentWithdrawn: CONSENT_MSG.withdrawn,
} as const;

/** A party as a list row carries it: no PAN, only whether its decision is for the current one. */
export const partySummary = (p: GateParty): GateParty => ({
  id: p.id,
  type: p.type,
  status: p.status,
  name: p.name,
  approval_checks: { decision: p.approval_checks?.decision },
  current: p.current ?? decidedFor(p.approval_checks, p),
});

/** The parties each product needs (contracts/borrower.ts coApplicantsMissing says the same on the co-applicant page). */
export const REQUIRED_PARTIES: Readonly<Record<LoanType, readonly ('CO_BORROWER' | 'GUARANTOR')[]>> = {
  MFI_BUSINESS_LOAN: ['CO_BORROWER'],
  UNSECURED_BUSINESS_LOAN: ['CO_BORROWER', 'GUARANTOR'],
};

const PARTY_WORD: Record<string, string> = { CO_BORROWER: msg('The co-borrower'), GUARANTOR: msg('The guarantor') };
const PARTY_NAMED: Record<string, string> = { CO_BORROWER: TPL.coBorrowerNamed, GUARANTOR: TPL.guarantorNamed };
const partyWord = (p: Pick<GateParty, 'type' | 'name'>) =>
  p.name ? fill(PARTY_NAMED[p.type] ?? TPL.coApplicantNamed, { name: p.name }) : (PARTY_WORD[p.type] ?? msg('The co-applicant'));

// The known types' words, written out so the phone can show them in its own language.
const DEVIATION_WORDS: Record<string, string> = {
  BORROWER_NAME_MISMATCH_DEVIATION: msg('The borrower name mismatch deviation'),
  CO_BORROWER_NAME_MISMATCH_DEVIATION: msg('The co-borrower name mismatch deviation'),
  GUARANTOR_NAME_MISMATCH_DEVIATION: msg('The guarantor name mismatch deviation'),
  BANK_NAME_MISMATCH_DEVIATION: msg('The bank name mismatch deviation'),
  FIGURES_CHANGE_DEVIATION: msg('The figures change deviation'),
  IDENTITY_CHANGE_DEVIATION: msg('The identity change deviation'),
};
/**
 * A deviation type in words, for any type (new ones need no entry): BANK_NAME_MISMATCH_DEVIATION → 'The bank name
 * mismatch deviation'.
 */
export const deviationWords = (type: string) =>
  DEVIATION_WORDS[type] ??
  `The ${type
    .replace(/_DEVIATION$/, '')
    .toLowerCase()
    .replace(/_/g, ' ')} deviation`;

const norm = (x: unknown) => (typeof x === 'string' ? x.trim().toUpperCase() : '');

/** True when the decision was made for exactly this PAN and voter id (a decision without its identity counts as stale). */
export function decidedFor(checks: BureauDecision, who: Identity): boolean {
  const f = checks?.decided_for;
  return !!f && norm(f.pan) === norm(who.pan) && norm(f.voter_id) === norm(who.voter_id);
}

export const productOf = (loanType: unknown): LoanType =>
  loanType === 'UNSECURED_BUSINESS_LOAN' ? 'UNSECURED_BUSINESS_LOAN' : 'MFI_BUSINESS_LOAN';

function deviationBlockers(input: GateInput, step: GateStep): Blocker[] {
  const devs: { d: GateDeviation; subject: string }[] = [
    ...(input.borrower.deviations ?? []).map((d) => ({ d, subject: 'BORROWER' })),
    ...input.co_applicants.filter(live).flatMap((p) => (p.deviations ?? []).map((d) => ({ d, subject: p.id }))),
    // The hand-over is the bank account's own submit, which raises its name deviation: that one is decided before the visits.
    ...(step === 'HAND_OVER' ? [] : (input.bank_deviations ?? []).map((d) => ({ d, subject: 'BANK_ACCOUNT' }))),
  ];
  return devs.flatMap(({ d, subject }): Blocker[] => {
    const status = d.status ?? 'PENDING';
    if (status === 'APPROVED') return [];
    if (status === 'REJECTED')
      return [{ code: 'DEVIATION_REJECTED', message: GATE_MSG.deviationRejected(deviationWords(d.type)), subject }];
    // A pending one does not hold the hand-over: the review role decides it while the loan is handed over (the list
    // shows DEVIATION PENDING and the visits wait for it). A rejected one does: after the hand-over the officer can no
    // longer correct the borrower's names.
    if (step === 'HAND_OVER') return [];
    return [{ code: 'DEVIATION_PENDING', message: GATE_MSG.deviationPending(deviationWords(d.type)), subject }];
  });
}

const live = (p: GateParty) => p.status !== 'REPLACED';

function bureauBlockers(input: GateInput): Blocker[] {
  const b = input.borrower;
  if (b.approval_checks?.decision !== 'APPROVED')
    return [{ code: 'BUREAU_NOT_APPROVED', message: GATE_MSG.bureauNotApproved, subject: 'BORROWER' }];
  if (!decidedFor(b.approval_checks, b)) return [{ code: 'BUREAU_STALE', message: GATE_MSG.bureauStale, subject: 'BORROWER' }];
  return [];
}

/** Every co-applicant in force approved for its current identity, and the product's required parties among them. */
export function partyBlockers(loanType: unknown, parties: readonly GateParty[]): Blocker[] {
  const inForce = parties.filter(live);
  const out: Blocker[] = [];
  for (const p of inForce) {
    if (p.status !== 'APPROVED' || p.approval_checks?.decision !== 'APPROVED') {
      out.push({ code: 'CO_APPLICANT_REJECTED', message: GATE_MSG.partyRejected(partyWord(p)), subject: p.id });
    } else if (!(p.current ?? decidedFor(p.approval_checks, p))) {
      out.push({ code: 'CO_APPLICANT_STALE', message: GATE_MSG.partyStale(partyWord(p)), subject: p.id });
    }
  }
  for (const type of REQUIRED_PARTIES[productOf(loanType)]) {
    if (inForce.some((p) => p.type === type)) continue;
    out.push(
      type === 'CO_BORROWER'
        ? { code: 'CO_BORROWER_MISSING', message: GATE_MSG.coBorrowerMissing }
        : { code: 'GUARANTOR_MISSING', message: GATE_MSG.guarantorMissing },
    );
  }
  return out;
}

/** Every blocker of the loan at `step`, in a fixed order (deviations, bureau, parties, household, references, visits, KFS). */
export function sanctionBlockers(input: GateInput, step: GateStep): Blocker[] {
  const checks = GATE_CHECKS[step];
  const out: Blocker[] = [];
  // A withdrawn consent holds every step, whatever else the step checks.
  if (input.consent_withdrawn === true) out.push({ code: 'CONSENT_WITHDRAWN', message: GATE_MSG.consentWithdrawn });
  if (checks.includes('deviations')) out.push(...deviationBlockers(input, step));
  if (checks.includes('bureau')) out.push(...bureauBlockers(input));
  if (checks.includes('parties')) out.push(...partyBlockers(input.loan_type, input.co_applicants));
  if (checks.includes('household') && input.household_issue) out.push({ code: 'HOUSEHOLD', message: input.household_issue });
  if (checks.includes('references') && !(input.references && input.references > 0)) {
    out.push({ code: 'REFERENCES_MISSING', message: GATE_MSG.referencesMissing });
  }
  const v = input.visits;
  if (checks.includes('visits') && !(v?.pd1_business && v.pd1_residence && v.pd2_business && v.pd2_residence)) {
    out.push({ code: 'VISITS_MISSING', message: GATE_MSG.visitsMissing });
  }
  if (checks.includes('kfs') && input.kfs_accepted !== true) out.push({ code: 'KFS_NOT_ACCEPTED', message: GATE_MSG.kfsNotAccepted });
  return out;
}
