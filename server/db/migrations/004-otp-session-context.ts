export const m004OtpSessionContext = {
  id: '004_otp_session_context',
  sql: `
-- What a non-login OTP session is about: the application a validation OTP marks verified, or the
-- identity key and last 4 digits an Aadhaar OTP resolves to (never the Aadhaar number itself).
ALTER TABLE otp_sessions ADD COLUMN context jsonb;
`,
};
