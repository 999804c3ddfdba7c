// Verification API calls (REQ-API-1) and their messages (REQ-VER-2 to REQ-VER-6).
import * as v from 'valibot';
import { MSG } from './messages';
import { AADHAAR_PATTERN, APPLICATION_ID_PATTERN, OTP_PATTERN } from './patterns';
import { msg } from './msg';

const AppId = v.pipe(v.string(), v.regex(APPLICATION_ID_PATTERN, MSG.invalidInput));
const upper = (min: number, message: string) => v.pipe(v.string(), v.trim(), v.toUpperCase(), v.minLength(min, message));

export const VERIFY_MSG = {
  panVerified: msg('PAN verified successfully'),
  panFailedInvalid: msg('PAN verification failed,INVALID PAN!'),
  panFailed: msg('PAN verification failed'),
  voterFailed: msg('Voter ID verification failed'),
  identityFailed: msg('Identity verification failed'),
  errorOccurred: msg('An error occurred. Please try again.'),
  aadhaarVerified: msg('Aadhaar verification successful'),
  addressPrefilled: msg('Address prefilled from Aadhaar'),
  nameMismatch: msg('Name mismatch detected. Please ensure all provided documents have matching names.'),
  nameMismatchBanner: msg('Name mismatch detected. Please review or continue with deviation.'),
  nameMatchFailed: msg('Failed to verify name matching. Please try again.'),
  submitFailed: msg('Failed to submit form. Please try again.'),
  formSubmitted: msg('Form submitted successfully!'),
  applicationFound: msg('Application found with the given mobile number'),
  continueWithDeviation: msg('Continue with Deviation'),
  noIncomplete: msg('No Incomplete Application Found'),
  fillCpv: msg('Please fill Business CPV Info to proceed'),
  addCpvInfo: msg('Add CPV Info'),
} as const;

/** Messages of the sandbox verification server (its own wording). */
export const VERIFY_SERVER_MSG = {
  invalidPan: 'INVALID PAN',
  voterNotFound: msg('Voter ID not found'),
  aadhaarOtpSent: msg('OTP sent to the mobile number linked with Aadhaar'),
  aadhaarInvalidRef: msg('Aadhaar OTP session not found. Please request a new OTP.'),
  notVerified: msg('Verify PAN, voter id and mobile number before submitting'),
  twoSources: msg('Name match needs at least two sources'),
} as const;

export const PanVerifyRequest = v.object({ pan: upper(10, MSG.minChars(10)), application_id: AppId });
export type PanVerifyRequest = v.InferOutput<typeof PanVerifyRequest>;

export const VoterVerifyRequest = v.object({
  voter_id: upper(1, MSG.required),
  reference: v.pipe(v.string(), v.minLength(1)),
  application_id: AppId,
});
export type VoterVerifyRequest = v.InferOutput<typeof VoterVerifyRequest>;

export const NAME_SOURCES = ['PAN', 'VOTER_ID', 'INPUT', 'BANK_ACCOUNT', 'AADHAAR'] as const;
export type NameSource = (typeof NAME_SOURCES)[number];
export const NameMatchRequest = v.object({
  application_id: AppId,
  values: v.pipe(
    v.array(v.object({ value: v.pipe(v.string(), v.trim(), v.minLength(1, MSG.required)), source: v.picklist(NAME_SOURCES) })),
    v.minLength(2, VERIFY_SERVER_MSG.twoSources),
  ),
});
export type NameMatchRequest = v.InferOutput<typeof NameMatchRequest>;
export type NameMatchAnswer = { success: boolean; statusCode: number; data: { is_match: boolean; score: number } };

export const AadhaarOtpRequest = v.object({
  aadhaar: v.pipe(v.string(), v.trim(), v.regex(AADHAAR_PATTERN, msg('Aadhaar number must be 12 digits'))),
  application_id: AppId,
});
export type AadhaarOtpRequestAnswer = {
  success: boolean;
  statusCode: number;
  message?: string;
  data?: { status: 'SUCCESS'; ref_id: string; origin: string };
};
export const AadhaarOtpSubmit = v.object({
  ref_id: v.pipe(v.string(), v.minLength(1)),
  origin: v.string(),
  application_id: AppId,
  otp: v.pipe(v.string(), v.trim(), v.regex(OTP_PATTERN, MSG.invalidOtp)),
});
export type AadhaarOtpSubmit = v.InferOutput<typeof AadhaarOtpSubmit>;
export type SplitAddress = {
  house: string;
  street: string;
  landmark: string;
  city: string;
  district: string;
  state: string;
  pincode: string;
};
export type AadhaarOtpSubmitAnswer = {
  success: boolean;
  statusCode: number;
  message?: string;
  data?: {
    name: string;
    dob: string;
    gender: string;
    address: string;
    split_address: SplitAddress;
    photo_link: string;
    aadhaar_last4: string;
  };
};

/** What the server remembers per application (GET /v1/app/mfi/{id} → `verifications`). */
export type Verifications = {
  pan?: { value: string; name: string };
  voter_id?: { value: string; name: string };
  aadhaar?: { last4: string; name: string };
  phone?: { value: string };
};

/** Plain words for a value that cannot be right, said before a check is queued (in front of the borrower). */
export const CHECK_FORMAT_MSG = {
  pan: msg('PAN is 5 letters, 4 digits and a letter (AAAAA9999A)'),
  voter_id: msg('Voter ID is 10 characters: letters, then digits (AAA9999999)'),
} as const;
