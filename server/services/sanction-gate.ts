// The server side of the sanction gate (contracts/sanction-gate.ts): what the gate reads, gathered from the stored
// application and its co-applicants, and the refusal (409 with every blocker in `data.blockers`). The bureau decisions
// are stamped with the identity they were made for, so a decision never stands for a PAN or voter id it did not see.
import { CPV_MSG } from '../../contracts/cpv';
import {
  type Blocker,
  type BureauDecision,
  decidedFor,
  type GateDeviation,
  type GateInput,
  type GateParty,
  type GateStep,
  sanctionBlockers,
} from '../../contracts/sanction-gate';
import { ApiError } from '../api-error';
import type { Queryable } from '../db/db';
import type { AppRow } from './application-store';
import { type ApprovalDecision, type ApprovalInput, approvalChecks, type CoApplicantDecision, coApplicantChecks } from './approval-rules';

const norm = (x: unknown) => (typeof x === 'string' ? x.trim().toUpperCase() : '');
const identityOf = (x: { pan?: unknown; voter_id?: unknown }) => ({ pan: norm(x.pan), voter_id: norm(x.voter_id) });

export type StampedDecision = ApprovalDecision & { decided_for: { pan: string; voter_id: string } };
export type StampedCoDecision = CoApplicantDecision & { decided_for: { pan: string; voter_id: string } };

/** The borrower's bureau and policy decision (approval-rules.ts), with the PAN and voter id it was made for. */
export const borrowerBureau = (input: ApprovalInput & { voter_id?: unknown }, now: Date): StampedDecision => ({
  ...approvalChecks(input, now),
  decided_for: identityOf(input),
});

/** A co-applicant's bureau decision, with the PAN and voter id it was made for. */
export const coApplicantBureau = (
  input: { pan?: unknown; voter_id?: unknown; age?: unknown; dob?: unknown },
  now: Date,
): StampedCoDecision => ({
  ...coApplicantChecks(input, now),
  decided_for: identityOf(input),
});

/**
 * A write of the borrower's fields after the KYC step's decision: when the PAN or voter id the record will hold is not
 * the one the decision was made for, the bureau runs again over the record as it will be. Answers the keys to merge
 * (`approval_checks`, and `rejection_reason` on REJECTED, as the KYC step writes them), or {} when nothing is to re-decide.
 */
export function rebureauOnIdentityChange(
  stored: Record<string, unknown>,
  patch: Record<string, unknown>,
  now: Date,
): Record<string, unknown> {
  const checks = stored.approval_checks as BureauDecision;
  if (!checks || typeof checks !== 'object') return {};
  const merged = { ...stored, ...patch };
  if (decidedFor(checks, merged)) return {};
  const decision = borrowerBureau(merged, now);
  return decision.decision === 'REJECTED'
    ? { approval_checks: decision, rejection_reason: decision.reasons.join(', ') }
    : { approval_checks: decision };
}

type CoRow = { id: string; type: string; status: string; data: Record<string, unknown>; approval_checks: BureauDecision };

const devsOf = (x: unknown): GateDeviation[] =>
  x && typeof x === 'object' && Array.isArray((x as { deviations?: unknown }).deviations)
    ? (x as { deviations: GateDeviation[] }).deviations
    : [];

/** The co-applicants still in force, as the gate reads them. */
async function gateParties(q: Queryable, app: Pick<AppRow, 'tenant_id' | 'id'>): Promise<GateParty[]> {
  const rows = await q.query<CoRow>(
    `SELECT id, type, status, data, approval_checks FROM co_applicants WHERE tenant_id=$1 AND application_id=$2 AND status <> 'REPLACED' ORDER BY record_index`,
    [app.tenant_id, app.id],
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    status: r.status,
    name: typeof r.data.name === 'string' ? r.data.name : undefined,
    pan: r.data.pan,
    voter_id: r.data.voter_id,
    approval_checks: r.approval_checks,
    deviations: devsOf(r.data),
  }));
}

const listOf = (x: unknown): GateDeviation[] => (Array.isArray(x) ? (x as GateDeviation[]) : []);

const visitsOf = (data: Record<string, unknown>) => {
  const pd1 = (data.pd1_visits ?? {}) as { business?: unknown; residence?: unknown };
  const pd2 = Array.isArray(data.pd2_cpv) ? (data.pd2_cpv as string[]) : [];
  return {
    pd1_business: !!pd1.business,
    pd1_residence: !!pd1.residence,
    pd2_business: pd2.includes('business'),
    pd2_residence: pd2.includes('residence'),
  };
};

/** What the gate reads of a stored application; `extra` adds what only the step knows (the household test, the KFS). */
export async function gateInputOf(q: Queryable, app: AppRow, extra: Partial<GateInput> = {}): Promise<GateInput> {
  const d = app.data;
  return {
    loan_type: d.loan_type,
    borrower: {
      pan: d.pan,
      voter_id: d.voter_id,
      name: typeof d.name === 'string' ? d.name : undefined,
      approval_checks: d.approval_checks as BureauDecision,
      // The figures and identity deviations sit apart (a borrower resubmit rewrites `deviations`) but hold the loan the same.
      deviations: [...devsOf(d), ...listOf(d.figures_deviations), ...listOf(d.identity_deviations)],
    },
    bank_deviations: devsOf(d.bank_account),
    co_applicants: await gateParties(q, app),
    references: Array.isArray(d.reference) ? d.reference.length : 0,
    visits: visitsOf(d),
    consent_withdrawn: !!d.consent_withdrawn,
    ...extra,
  };
}

/** The refusal: 409, every blocker in `data.blockers`; a visit held by a deviation keeps its known words. */
export function gateRefusal(blockers: Blocker[], step: GateStep): ApiError {
  const deviation = blockers.some((b) => b.code === 'DEVIATION_PENDING' || b.code === 'DEVIATION_REJECTED');
  const message = deviation && step !== 'ACCEPT' ? CPV_MSG.unapprovedDeviations : blockers[0]!.message;
  return new ApiError(409, message, { data: { blockers } });
}

/** 409 with the list when the loan has a blocker at `step` (the stored row, locked by the caller's transaction). */
export async function assertGate(q: Queryable, app: AppRow, step: GateStep, extra: Partial<GateInput> = {}): Promise<void> {
  const blockers = sanctionBlockers(await gateInputOf(q, app, extra), step);
  if (blockers.length > 0) throw gateRefusal(blockers, step);
}

/** True when a co-applicant's stored decision was made for the fields it will hold. */
export const coDecidedFor = (checks: unknown, fields: { pan?: unknown; voter_id?: unknown }) =>
  !!checks && decidedFor(checks as BureauDecision, fields);
