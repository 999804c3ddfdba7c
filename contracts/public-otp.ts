// Public mobile OTP (POST /v1/otp/send, /resend, /verify; 'OTP verify … data.token (stored as
// guest token)'). Requests are the login OTP's (contracts/auth.ts); the verify answer carries the visitor's guest token
// and the application the OTP created or returned (docs/decisions.md "Public visitors").
import * as v from 'valibot';
import { envelope } from './envelope';
import { MSG } from './messages';
import { APPLICATION_ID_PATTERN, MOBILE_PATTERN } from './patterns';

export { ResendOtpRequest as PublicOtpResend, SendOtpRequest as PublicOtpSend, VerifyOtpRequest as PublicOtpVerify } from './auth';

/** The visitor's first page: the mobile the OTP goes to. */
export const PublicMobileForm = v.object({ mobile: v.pipe(v.string(), v.trim(), v.regex(MOBILE_PATTERN, MSG.invalidMobile)) });
export type PublicMobileForm = v.InferOutput<typeof PublicMobileForm>;

export const PublicOtpVerifyData = v.object({
  /** The guest token: send it as header `token` on the public flow's calls. */
  token: v.string(),
  /** (ours) The visitor's application: created on the first verify of this mobile on this tenant, else the existing one. */
  application_id: v.pipe(v.string(), v.regex(APPLICATION_ID_PATTERN)),
  /** (ours) The mobile just verified is the application's phone. */
  is_phone_verified: v.literal(true),
});
export type PublicOtpVerifyData = v.InferOutput<typeof PublicOtpVerifyData>;
export const PublicOtpVerifyResponse = envelope(PublicOtpVerifyData);
