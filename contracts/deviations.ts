// REQ-DEV-1, REQ-DEV-2: a deviation records an exception (a name mismatch the officer chose to continue with, money
// figures changed after PD2) for a second person of the review role to approve: never the one who raised it
// (contracts/four-eyes.ts).
import * as v from 'valibot';
import { NAME_SOURCES } from './verification';
import { msg } from './msg';

export const DEVIATION_TYPES = [
  'BORROWER_NAME_MISMATCH_DEVIATION',
  'CO_BORROWER_NAME_MISMATCH_DEVIATION',
  'GUARANTOR_NAME_MISMATCH_DEVIATION',
  'BANK_NAME_MISMATCH_DEVIATION',
  'FIGURES_CHANGE_DEVIATION',
  'IDENTITY_CHANGE_DEVIATION',
] as const;
export type DeviationType = (typeof DEVIATION_TYPES)[number];

/** Who made a write: a staff user id (null for a public visitor), the product role, when (ISO time). */
export const Raiser = v.object({ user_id: v.nullable(v.number()), role: v.nullable(v.string()), at: v.string() });
export type Raiser = v.InferOutput<typeof Raiser>;

/** One money figure's change: where it is read from, its label, and its value before and after. */
export const FigureChange = v.object({
  field: v.string(),
  label: v.string(),
  before: v.nullable(v.number()),
  after: v.nullable(v.number()),
});
export type FigureChange = v.InferOutput<typeof FigureChange>;

/** One identity field's change after the hand-over (the borrower's PAN, voter id, name, date of birth; the loan type). */
export const IdentityChange = v.object({
  field: v.string(),
  label: v.string(),
  before: v.nullable(v.union([v.string(), v.number()])),
  after: v.nullable(v.union([v.string(), v.number()])),
});
export type IdentityChange = v.InferOutput<typeof IdentityChange>;

export const Deviation = v.object({
  type: v.picklist(DEVIATION_TYPES),
  info: v.object({
    is_match: v.boolean(),
    score: v.optional(v.number()),
    values: v.optional(v.array(v.object({ value: v.string(), source: v.picklist(NAME_SOURCES) }))),
    /** A change of money figures after PD2 (FIGURES_CHANGE_DEVIATION): each figure before → after, and why. */
    changes: v.optional(v.array(FigureChange)),
    reason: v.optional(v.string()),
    /** A change of who borrows, or of the loan, after the hand-over (IDENTITY_CHANGE_DEVIATION): each field before → after. */
    identity: v.optional(v.array(IdentityChange)),
  }),
  /** Set by the server: whose write raised this deviation (or last changed what it is about), in which role, when. */
  raised_by: v.optional(Raiser),
  /** Set by the server: the users whose earlier writes changed this still-pending deviation; none of them may decide it. */
  earlier_raisers: v.optional(v.array(v.number())),
  /** Set by the server: PENDING until a supervisor approves (APPROVED) or refuses (REJECTED). */
  status: v.optional(v.picklist(['PENDING', 'APPROVED', 'REJECTED'])),
  /** Set by the server with a decision: who (user id), when (ISO time) and why. */
  decided_by: v.optional(v.number()),
  decided_at: v.optional(v.string()),
  decision_remarks: v.optional(v.string()),
});
export type Deviation = v.InferOutput<typeof Deviation>;
export const Deviations = v.optional(v.array(Deviation));

export const DEVIATION_DECISIONS = ['APPROVED', 'REJECTED'] as const;
export const DEVIATION_MSG = {
  remarks: msg('Please enter remarks'),
  recordId: msg('Choose the co-applicant whose deviation this is'),
  notFound: msg('No such deviation on this application'),
  decided: msg('This deviation has already been decided'),
  pending: msg('Name mismatch detected. Please review or continue with deviation.'),
} as const;

/** POST /v1/app/mfi/{id}/deviations/decision: the review role decides one PENDING deviation. */
export const DeviationDecision = v.object({
  type: v.picklist(DEVIATION_TYPES, msg('Invalid deviation type')),
  /** The co-applicant's id for CO_BORROWER / GUARANTOR deviations. */
  record_id: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, DEVIATION_MSG.recordId))),
  decision: v.picklist(DEVIATION_DECISIONS, msg('Choose Approve or Reject')),
  remarks: v.pipe(
    v.string(DEVIATION_MSG.remarks),
    v.trim(),
    v.minLength(1, DEVIATION_MSG.remarks),
    v.maxLength(500, msg('Remarks can be at most 500 characters')),
  ),
});
export type DeviationDecision = v.InferOutput<typeof DeviationDecision>;

/** A co-applicant's deviation types: their record is the co-applicant (record_id). */
export const CO_APPLICANT_DEVIATIONS: readonly DeviationType[] = [
  'CO_BORROWER_NAME_MISMATCH_DEVIATION',
  'GUARANTOR_NAME_MISMATCH_DEVIATION',
];
