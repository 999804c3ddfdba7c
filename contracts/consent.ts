// The borrower's consent to the Aadhaar OTP, CKYC and credit bureau checks, recorded with the version of
// the text the borrower was shown, when, by which officer and where. Sent with the borrower step (PUT /v1/app/mfi/{id}).
import * as v from 'valibot';
import { GeoTag } from './files';
import { msg } from './msg';
import { ShownLanguage } from './language';

/** Bump when the consent wording in the borrower form (termsText) changes; the record names what was shown. */
export const CONSENT_TEXT_VERSION = 'borrower-consent-2026-11-v1';
export const CONSENT_PURPOSES = ['AADHAAR_OTP', 'CKYC', 'CREDIT_BUREAU'] as const;

export const Consent = v.object({
  text_version: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  purposes: v.pipe(v.array(v.picklist(CONSENT_PURPOSES)), v.minLength(1)),
  /** When the borrower agreed, on the phone's clock (ISO 8601). */
  given_at: v.pipe(v.string(), v.isoTimestamp()),
  /** The officer who recorded it (the server writes the caller's id, whatever is sent). */
  officer_id: v.optional(v.number()),
  geo_tag: GeoTag,
  /** The language the consent text was shown in (absent from a consent recorded before the phone offered a choice). */
  language: v.optional(ShownLanguage),
});
export type Consent = v.InferOutput<typeof Consent>;

// The withdrawal (DPDP Act 2023 s.6(4)): a staff member records that the borrower withdrew the consent above; from
// then on the application is read-only and the loan cannot be sanctioned. docs/regulatory.md "Consent".
export const CONSENT_MSG = {
  withdrawn: msg('The borrower has withdrawn consent: this application can no longer be processed'),
  remarks: msg('Remarks are required (up to 500 characters)'),
} as const;

/** POST /v1/app/mfi/{id}/consent-withdrawal: how the borrower withdrew (1..500 characters). */
export const ConsentWithdrawalBody = v.strictObject({
  remarks: v.pipe(v.string(CONSENT_MSG.remarks), v.trim(), v.minLength(1, CONSENT_MSG.remarks), v.maxLength(500, CONSENT_MSG.remarks)),
});

/** What `data.consent_withdrawn` holds: server-owned, written once. */
export type ConsentWithdrawn = { at: string; by_user_id: number | null; role: string | null; remarks: string };
