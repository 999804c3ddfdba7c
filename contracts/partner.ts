// Partner registration ('Join us', REQ-PUB-3) and partner tracking (REQ-PUB-4): /v1/join-us/*. The messages are the
// profile schema's (REQ-PROF-2), whose fields these are (MSG). Files are ids answered by POST /v1/join-us/upload-file.
import * as v from 'valibot';
import { envelope } from './envelope';
import { MSG } from './messages';
import { ACCOUNT_NUMBER_PATTERN, IFSC_PATTERN, MOBILE_PATTERN, PINCODE_PATTERN } from './patterns';
import { msg } from './msg';
import { fill, TPL } from './msg-template';

/** (ours) The reference a partner is given: 'PTR' and 10 upper-case hex digits, e.g. PTR3F9A0C12BE. */
export const PARTNER_TRACKER_PATTERN = /^PTR[0-9A-F]{10}$/;

export const PARTNER_STATUSES = ['SUBMITTED', 'UNDER_REVIEW', 'APPROVED', 'REJECTED'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export const PARTNER_MSG = {
  /** REQ-PUB-4: partner tracking takes a mobile. */
  invalidMobile: MSG.invalidTrackingMobile,
  /** (ours) */
  submitted: msg('Partner request submitted successfully'),
  /** (ours) a second request while one of the same mobile is still open. */
  alreadyOpen: msg('A partner request for this mobile number is already being reviewed'),
  /** (ours) a document id that is not a join-us upload of this lender. */
  fileNotFound: msg('File not found. Please upload the document again.'),
  /** (ours) a GSTIN is 15 characters: state code, PAN, entity number, Z, check character. */
  invalidGst: msg('Invalid GST number'),
  /** (ours) */
  notFound: msg('No partner request found for this mobile number'),
  /** (ours) a request id that is not one we give (PTR and 10 letters or digits). */
  invalidTracker: msg('Enter the request id as it was shown, for example PTR1A2B3C4D5E, or your 10-digit mobile number'),
  /** (ours) */
  trackerNotFound: msg('No partner request found with this request id'),
  /** (ours) the tracking answer's message, by the latest request's status. */
  status: (trackerId: string, status: PartnerStatus): string =>
    ({
      SUBMITTED: fill(TPL.partnerSubmitted, { id: trackerId }),
      UNDER_REVIEW: fill(TPL.partnerUnderReview, { id: trackerId }),
      APPROVED: fill(TPL.partnerApproved, { id: trackerId }),
      REJECTED: fill(TPL.partnerRejected, { id: trackerId }),
    })[status],
} as const;

const LONGEST = 200;
const text = (n: number, message: string) => v.pipe(v.string(message), v.trim(), v.minLength(n, message), v.maxLength(LONGEST, message));
const pattern = (re: RegExp, message: string) => v.pipe(v.string(message), v.trim(), v.regex(re, message));
const optionalText = v.optional(v.pipe(v.string(MSG.invalidInput), v.trim(), v.maxLength(LONGEST, MSG.invalidInput)), '');
const fileId = (message: string) => v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(64, message));

/** A name of letters (spaces, dots, apostrophes and hyphens between them): '1234' is not a last name. */
const NAME_PATTERN = /^\p{L}[\p{L} .'-]*$/u;
export const GST_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const personName = (message: string) => v.pipe(text(2, message), v.regex(NAME_PATTERN, message));

/** The request, in field order (the first failing field's message is the one answered). */
export const PartnerRequest = v.object({
  first_name: personName(MSG.invalidFirstName),
  last_name: personName(MSG.invalidLastName),
  mobile: pattern(MOBILE_PATTERN, MSG.invalidMobile),
  business_name: optionalText,
  gst_number: v.optional(
    v.pipe(
      v.string(PARTNER_MSG.invalidGst),
      v.trim(),
      v.toUpperCase(),
      v.check((s) => s === '' || GST_PATTERN.test(s), PARTNER_MSG.invalidGst),
    ),
    '',
  ),
  email: v.pipe(v.string(MSG.invalidEmail), v.trim(), v.email(MSG.invalidEmail), v.maxLength(LONGEST, MSG.invalidEmail)),
  pincode: pattern(PINCODE_PATTERN, MSG.invalidPincode),
  city: text(1, MSG.invalidCity),
  state: text(1, MSG.invalidState),
  address: text(8, MSG.invalidAddress),
  bank_name: text(3, MSG.invalidBankName),
  account_number: pattern(ACCOUNT_NUMBER_PATTERN, MSG.invalidAccountNumber),
  ifsc: v.pipe(pattern(IFSC_PATTERN, MSG.invalidIfsc), v.toUpperCase()),
  pan: fileId(MSG.invalidPan),
  aadhaar_front: fileId(MSG.invalidAadhaarFront),
  aadhaar_back: fileId(MSG.invalidAadhaarBack),
  /** The GST certificate's file id; optional. */
  gst: v.optional(v.pipe(v.string(MSG.invalidInput), v.trim(), v.maxLength(64, MSG.invalidInput)), ''),
  cancelled_cheque: fileId(MSG.invalidCancelledCheque),
});
export type PartnerRequest = v.InferOutput<typeof PartnerRequest>;

/** The partner's files (ids of join-us uploads); `gst` only when given. */
export const partnerFileIds = (r: PartnerRequest): string[] =>
  [r.pan, r.aadhaar_front, r.aadhaar_back, r.cancelled_cheque, r.gst].filter((id) => id !== '');

export const PartnerRequestResponse = envelope(
  v.object({ tracker_id: v.pipe(v.string(), v.regex(PARTNER_TRACKER_PATTERN)), status: v.picklist(PARTNER_STATUSES) }),
);

/** GET /v1/join-us/track?tracker_id={mobile} (or ?mobile=): the mobile's requests, newest first, nothing personal. */
export const PartnerTrackItem = v.object({
  tracker_id: v.string(),
  status: v.picklist(PARTNER_STATUSES),
  created_at: v.string(),
  updated_at: v.string(),
});
/** A request id as typed: PTR… in any case, spaces ignored (the id shown on success tracks too). */
export const looksLikeTrackerId = (s: string) => /^\s*ptr/i.test(s);
export const normalTrackerId = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/**
 * The partner tracking form: the mobile (REQ-PUB-4, 'Invalid mobile') or the request id shown on success,
 * in the field named `mobile` so the links that pass ?mobile= keep working.
 */
export const PartnerTrackForm = v.object({
  mobile: v.pipe(
    v.string(),
    v.trim(),
    v.check((s) => !looksLikeTrackerId(s) || PARTNER_TRACKER_PATTERN.test(normalTrackerId(s)), PARTNER_MSG.invalidTracker),
    v.check((s) => looksLikeTrackerId(s) || MOBILE_PATTERN.test(s), MSG.invalidTrackingMobile),
    v.transform((s) => (looksLikeTrackerId(s) ? normalTrackerId(s) : s)),
  ),
});
export type PartnerTrackForm = v.InferOutput<typeof PartnerTrackForm>;

export const PartnerTrackResponse = envelope(v.object({ requests: v.array(PartnerTrackItem) }));
