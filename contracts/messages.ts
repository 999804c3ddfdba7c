// Every user-facing message of the specification, quoted exactly. Never re-type these elsewhere.
export const MSG = {
  // REQ-API-3 generic
  somethingWentWrong: 'Something went wrong!',
  // REQ-BANK-3: what a person reads for the server's complaint about an account type outside the enum
  invalidAccountType: 'Invalid account type. Please select a valid account type',
  unreadableResponse: 'Something went wrong while processing the response.',
  // REQ-AUTH-1, REQ-AUTH-3, REQ-AUTH-4 login
  invalidMobile: 'Invalid mobile number',
  invalidOtp: 'Invalid OTP',
  invalidOtpRetry: 'Invalid OTP. Please try again.',
  verifyOtpFailed: 'Failed to verify OTP. Please try again.',
  errorFetchingProfile: 'Error fetching profile',
  // REQ-PROF-2 profile schema
  invalidEmail: 'Invalid email',
  invalidFirstName: 'Invalid first name',
  invalidLastName: 'Invalid last name',
  invalidAddress: 'Invalid address',
  invalidPincode: 'Invalid pincode',
  invalidCity: 'Invalid city',
  invalidState: 'Invalid state',
  invalidBankName: 'Invalid bank name',
  invalidAccountNumber: 'Invalid account number',
  invalidIfsc: 'Invalid IFSC',
  invalidPan: 'Invalid PAN',
  invalidAadhaarFront: 'Invalid aadhaar front',
  invalidAadhaarBack: 'Invalid aadhaar back',
  invalidCancelledCheque: 'Invalid cancelled cheque',
  // REQ-PUB-2, REQ-PUB-4 tracking
  invalidExternalLoanId: 'Invalid external loan id',
  invalidTrackingMobile: 'Invalid mobile',
  // REQ-VAL-4 generic
  required: 'Required',
  invalidInput: 'Invalid input',
  minChars: (n: number) => `String must contain at least ${n} character(s)`,
  minNumber: (n: number) => `Number must be greater than or equal to ${n}`,
  // Controls
  search: 'Search...',
  noOptions: 'No options found',
  selectTitle: 'Select',
  errorLoadingPreview: 'Error loading preview',
  noPreview: 'No preview available',
  noData: 'No data',
  unexpectedError: 'Unexpected Application Error!',
} as const;

/**
 * Our plain wording where the specification gives a rule but no message: one message per rule, naming the
 * field, never a schema library's default text. 'Please select …' for choices, 'Please enter …' for empty text.
 */
export const PLAIN = {
  select: (field: string) => `Please select ${field}`,
  enter: (field: string) => `Please enter ${field}`,
  atLeast: (field: string, n: number) => `${field} must be at least ${n} characters`,
  dmy: (field: string) => `Enter ${field} as a real date, DD-MM-YYYY`,
  dobFuture: 'Date of birth cannot be in the future',
  pastDate: (field: string) => `${field} cannot be in the past`,
  panShape: 'PAN must be 10 characters: 5 letters, 4 digits, 1 letter',
} as const;

// Messages the sandbox server answers with (its own wording; the client shows them as given).
export const SERVER_MSG = {
  otpSent: 'OTP sent successfully',
  otpResent: 'OTP resent successfully',
  otpVerified: 'OTP verified successfully',
  otpExpired: 'OTP has expired. Please request a new one.',
  otpUsed: 'This OTP has already been used. Please request a new one.',
  otpLocked: 'Too many wrong attempts. Please request a new OTP.',
  otpRateLimited: 'Too many OTP requests. Please try again after some time.',
  invalidOtp: 'Invalid OTP',
  unknownSession: 'OTP session not found. Please request a new OTP.',
  noStaffAccount: 'No account found for this mobile number',
  unauthorized: 'Unauthorized',
  sessionExpired: 'Session expired. Please sign in again.',
  forbidden: 'You do not have access to this resource',
  notFound: 'Not found',
  loggedOut: 'Logged out successfully',
  fileTooLarge: (mb: number) => `File is too large. The maximum size is ${mb} MB.`,
  fileTypeNotAllowed: 'This file type is not allowed. Upload a JPEG, PNG or PDF.',
  imageTooLarge: 'Image dimensions are too large.',
  fileMissing: 'No file was uploaded',
  invalidFileId: 'Invalid file id',
  idempotencyMismatch: 'Idempotency-Key was already used with a different request',
  idempotencyInProgress: 'A request with this Idempotency-Key is still in progress',
  invalidPincode: 'Invalid pincode',
  pincodeNotFound: 'Pincode not found',
  linkExpired: 'This link has expired',
  tooManyRequests: 'Too many requests. Please try again later.',
} as const;

/**
 * True when a server message is the complaint about the account type enum (→ show MSG.invalidAccountType). Here, not
 * beside the bank account schema, so the error text of every call does not bring that schema into the first download.
 */
export const isAccountTypeComplaint = (message: unknown): boolean =>
  typeof message === 'string' && message.includes('account_type') && /invalid enum value/i.test(message);
