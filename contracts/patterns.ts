// Input patterns (REQ-VAL-1). One definition, used by forms and server.
export const MOBILE_PATTERN = /^[6-9]\d{9}$/;
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
export const OTP_PATTERN = /^\d{6}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
export const IFSC_PATTERN = /^[A-Za-z]{4}0[A-Za-z0-9]{6}$/;
export const AADHAAR_PATTERN = /^\d{12}$/;
export const APPLICATION_ID_PATTERN = /^[0-9a-f]{32}$/;
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;

export const OTP_LENGTH = 6;
export const RESEND_COUNTDOWN_S = 30;
export const LOOKUP_DEBOUNCE_MS = 300;

/**
 * The EPIC (voter id card) number, checked before a voter id check is queued: 10 characters, letters then
 * digits (ABC1234567 in the current series; FAIL000000, the sandbox fixture, also fits).
 */
export const VOTER_ID_PATTERN = /^(?=.{10}$)[A-Z]{2,4}\d{6,8}$/;
