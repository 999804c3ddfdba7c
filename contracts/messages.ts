// Every user-facing message of the specification, quoted exactly. Never re-type these elsewhere.
import { msg } from './msg';
import { FIRST_TPL as TPL, fill } from './fill';
export const MSG = {
  // REQ-API-3 generic
  somethingWentWrong: msg('Something went wrong!'),
  // REQ-BANK-3: what a person reads for the server's complaint about an account type outside the enum
  invalidAccountType: msg('Invalid account type. Please select a valid account type'),
  unreadableResponse: msg('Something went wrong while processing the response.'),
  // REQ-AUTH-1, REQ-AUTH-3, REQ-AUTH-4 login
  invalidMobile: msg('Invalid mobile number'),
  invalidOtp: msg('Invalid OTP'),
  invalidOtpRetry: msg('Invalid OTP. Please try again.'),
  verifyOtpFailed: msg('Failed to verify OTP. Please try again.'),
  errorFetchingProfile: msg('Error fetching profile'),
  // REQ-PROF-2 profile schema
  invalidEmail: msg('Invalid email'),
  invalidFirstName: msg('Invalid first name'),
  invalidLastName: msg('Invalid last name'),
  invalidAddress: msg('Invalid address'),
  invalidPincode: msg('Invalid pincode'),
  invalidCity: msg('Invalid city'),
  invalidState: msg('Invalid state'),
  invalidBankName: msg('Invalid bank name'),
  invalidAccountNumber: msg('Invalid account number'),
  invalidIfsc: msg('Invalid IFSC'),
  invalidPan: msg('Invalid PAN'),
  invalidAadhaarFront: msg('Invalid aadhaar front'),
  invalidAadhaarBack: msg('Invalid aadhaar back'),
  invalidCancelledCheque: msg('Invalid cancelled cheque'),
  // REQ-PUB-2, REQ-PUB-4 tracking
  invalidExternalLoanId: msg('Invalid external loan id'),
  invalidTrackingMobile: msg('Invalid mobile'),
  // REQ-VAL-4 generic
  required: msg('Required'),
  invalidInput: msg('Invalid input'),
  minChars: (n: number) => fill(TPL.minChars, { n }),
  minNumber: (n: number) => fill(TPL.minNumber, { n }),
  // Controls
  search: msg('Search...'),
  noOptions: msg('No options found'),
  selectTitle: msg('Select'),
  errorLoadingPreview: msg('Error loading preview'),
  noPreview: msg('No preview available'),
  noData: msg('No data'),
  unexpectedError: msg('Unexpected Application Error!'),
} as const;

/**
 * Our plain wording where the specification gives a rule but no message: one message per rule, naming the
 * field, never a schema library's default text. 'Please select …' for choices, 'Please enter …' for empty text.
 */
export const PLAIN = {
  select: (field: string) => fill(TPL.select, { field }),
  enter: (field: string) => fill(TPL.enter, { field }),
  atLeast: (field: string, n: number) => fill(TPL.atLeast, { field, n }),
  dmy: (field: string) => fill(TPL.dmy, { field }),
  dobFuture: msg('Date of birth cannot be in the future'),
  pastDate: (field: string) => fill(TPL.pastDate, { field }),
  panShape: msg('PAN must be 10 characters: 5 letters, 4 digits, 1 letter'),
} as const;

// Messages the sandbox server answers with (its own wording; the client shows them as given).
export const SERVER_MSG = {
  otpSent: msg('OTP sent successfully'),
  otpResent: msg('OTP resent successfully'),
  otpVerified: msg('OTP verified successfully'),
  otpExpired: msg('OTP has expired. Please request a new one.'),
  otpUsed: msg('This OTP has already been used. Please request a new one.'),
  otpLocked: msg('Too many wrong attempts. Please request a new OTP.'),
  otpRateLimited: msg('Too many OTP requests. Please try again after some time.'),
  invalidOtp: msg('Invalid OTP'),
  unknownSession: msg('OTP session not found. Please request a new OTP.'),
  noStaffAccount: msg('No account found for this mobile number'),
  unauthorized: msg('Unauthorized'),
  sessionExpired: msg('Session expired. Please sign in again.'),
  forbidden: msg('You do not have access to this resource'),
  notFound: msg('Not found'),
  loggedOut: msg('Logged out successfully'),
  fileTooLarge: (mb: number) => fill(TPL.fileTooLarge, { mb }),
  fileTypeNotAllowed: msg('This file type is not allowed. Upload a JPEG, PNG or PDF.'),
  imageTooLarge: msg('Image dimensions are too large.'),
  fileMissing: msg('No file was uploaded'),
  invalidFileId: msg('Invalid file id'),
  idempotencyMismatch: msg('Idempotency-Key was already used with a different request'),
  idempotencyInProgress: msg('A request with this Idempotency-Key is still in progress'),
  invalidPincode: msg('Invalid pincode'),
  pincodeNotFound: msg('Pincode not found'),
  linkExpired: msg('This link has expired'),
  tooManyRequests: msg('Too many requests. Please try again later.'),
} as const;

/**
 * True when a server message is the complaint about the account type enum (→ show MSG.invalidAccountType). Here, not
 * beside the bank account schema, so the error text of every call does not bring that schema into the first download.
 */
export const isAccountTypeComplaint = (message: unknown): boolean =>
  typeof message === 'string' && message.includes('account_type') && /invalid enum value/i.test(message);
