// Loan tracking by external loan id (REQ-PUB-2, GET /v1/track): the answer is a message. The external loan id is the
// application's tracker_id, which the screens show as 'External Loan Id'.
import * as v from 'valibot';
import { envelope } from './envelope';
import { MSG } from './messages';

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
  STARTED: 'Application started',
  BORROWER_INFO: 'Borrower details submitted',
  KYC: 'KYC details submitted',
  CO_APPLICANTS: 'Co-applicant details added',
  FAMILY_MEMBERS: 'Family details added',
  BUSINESS_INFO: 'Business details submitted',
  EMPLOYMENT: 'Employment details submitted',
  BANK_ACCOUNT: 'Bank account details submitted',
  FIELD_VERIFICATION: 'Field verification visit made',
  PD1_REVIEW: 'Sent for review',
  SENT_BACK: 'Sent back for changes',
  CREDIT_APPROVED: 'Approved by credit',
  PD2_COMPLETE: 'Final verification complete',
  REFERENCES: 'References added',
  LOAN_OFFER: 'Loan offer prepared',
  SANCTIONED: 'Loan sanctioned',
  REJECTED: 'Application not approved',
};

export const TRACK_MSG = {
  /** (ours) */
  notFound: 'No application found with this external loan id',
  /** (ours) the answer's message, by status. */
  status: (id: string, status: TrackStatus): string =>
    ({
      DRAFT: `Application ${id} is in progress`,
      PD1_REVIEW: `Application ${id} is under review`,
      CREDIT_APPROVED: `Application ${id} has been approved by credit and is being verified`,
      PD2_COMPLETE: `Application ${id} is verified; the loan offer is being prepared`,
      SANCTIONED: `The loan for application ${id} has been sanctioned`,
      REJECTED: `Application ${id} could not be approved`,
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
