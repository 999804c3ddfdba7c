// Loan tracking by external loan id (REQ-PUB-2, GET /v1/track): the answer is a message. The external loan id is the
// application's tracker_id, which the screens show as 'External Loan Id'.
import * as v from 'valibot';
import { envelope } from './envelope';
import { MSG } from './messages';
import { msg } from './msg';
import { fill, TPL } from './msg-template';

/** (ours; the specification does not show it) 'FLO' and 10 upper-case hex digits, e.g. FLO3F9A0C12BE. */
export const EXTERNAL_LOAN_ID_PATTERN = /^FLO[0-9A-F]{10}$/;

/** The tracking form and the query: trimmed and upper-cased, then the pattern ('Invalid external loan id'). */
export const ExternalLoanId = v.pipe(
  v.string(MSG.invalidExternalLoanId),
  v.trim(),
  v.toUpperCase(),
  v.regex(EXTERNAL_LOAN_ID_PATTERN, MSG.invalidExternalLoanId),
);

/** The loan tracking form. */
export const LoanTrackForm = v.object({ tracker_id: ExternalLoanId });
export type LoanTrackForm = v.InferOutput<typeof LoanTrackForm>;

/** What the tracker shows: the application's status, or SANCTIONED / REJECTED once decided. */
export const TRACK_STATUSES = ['DRAFT', 'PD1_REVIEW', 'CREDIT_APPROVED', 'PD2_COMPLETE', 'SANCTIONED', 'REJECTED'] as const;
export type TrackStatus = (typeof TRACK_STATUSES)[number];

/** Timeline entries: the first time each step was submitted, and every status change. */
export const TRACK_STAGES = [
  'STARTED',
  'BORROWER_INFO',
  'KYC',
  'CO_APPLICANTS',
  'FAMILY_MEMBERS',
  'BUSINESS_INFO',
  'EMPLOYMENT',
  'BANK_ACCOUNT',
  'FIELD_VERIFICATION',
  'PD1_REVIEW',
  'SENT_BACK',
  'CREDIT_APPROVED',
  'PD2_COMPLETE',
  'REFERENCES',
  'LOAN_OFFER',
  'SANCTIONED',
  'REJECTED',
] as const;
export type TrackStage = (typeof TRACK_STAGES)[number];

/** (ours) every label and message below: the specification words none of them. */
export const TRACK_STAGE_LABELS: Record<TrackStage, string> = {
  STARTED: msg('Application started'),
  BORROWER_INFO: msg('Borrower details submitted'),
  KYC: msg('KYC details submitted'),
  CO_APPLICANTS: msg('Co-applicant details added'),
  FAMILY_MEMBERS: msg('Family details added'),
  BUSINESS_INFO: msg('Business details submitted'),
  EMPLOYMENT: msg('Employment details submitted'),
  BANK_ACCOUNT: msg('Bank account details submitted'),
  FIELD_VERIFICATION: msg('Field verification visit made'),
  PD1_REVIEW: msg('Sent for review'),
  SENT_BACK: msg('Sent back for changes'),
  CREDIT_APPROVED: msg('Approved by credit'),
  PD2_COMPLETE: msg('Final verification complete'),
  REFERENCES: msg('References added'),
  LOAN_OFFER: msg('Loan offer prepared'),
  SANCTIONED: msg('Loan sanctioned'),
  REJECTED: msg('Application not approved'),
};

export const TRACK_MSG = {
  /** (ours) */
  notFound: msg('No application found with this external loan id'),
  /** (ours) the answer's message, by status. */
  status: (id: string, status: TrackStatus): string =>
    ({
      DRAFT: fill(TPL.trackDraft, { id }),
      PD1_REVIEW: fill(TPL.trackReview, { id }),
      CREDIT_APPROVED: fill(TPL.trackCreditApproved, { id }),
      PD2_COMPLETE: fill(TPL.trackPd2, { id }),
      SANCTIONED: fill(TPL.trackSanctioned, { id }),
      REJECTED: fill(TPL.trackRejected, { id }),
    })[status],
} as const;

export const TrackTimelineEntry = v.object({ stage: v.picklist(TRACK_STAGES), label: v.string(), at: v.string() });
export type TrackTimelineEntry = v.InferOutput<typeof TrackTimelineEntry>;

/** GET /v1/track?tracker_id= (or ?external_loan_id=): no name, PAN, Aadhaar, address or amount; the phone masked. */
export const TrackData = v.object({
  tracker_id: v.string(),
  status: v.picklist(TRACK_STATUSES),
  loan_type: v.nullable(v.string()),
  /** 'XXXXXX' and the last 4 digits. */
  phone: v.string(),
  stages: v.array(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
  timeline: v.array(TrackTimelineEntry),
});
export type TrackData = v.InferOutput<typeof TrackData>;
export const TrackResponse = envelope(TrackData);

export const maskPhone = (phone: string) => `XXXXXX${phone.slice(-4)}`;
