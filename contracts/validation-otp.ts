// Validation OTP (v1/validation/mobile/otp/*): staff confirm the borrower's mobile with it.
import * as v from 'valibot';
import { MobileField, OtpField } from './auth';
import { MSG } from './messages';
import { APPLICATION_ID_PATTERN } from './patterns';

export const VALIDATION_PURPOSE = 'APPLY_LOAN_MFI';

export const ValidationOtpSend = v.object({
  mobile: MobileField,
  hostname: v.pipe(v.string(), v.minLength(1)),
  /** Ours: which application the mobile belongs to, so the server can mark it verified. */
  application_id: v.optional(v.pipe(v.string(), v.regex(APPLICATION_ID_PATTERN, MSG.invalidInput))),
});
export const ValidationOtpResend = v.object({ session_id: v.pipe(v.string(), v.minLength(1)) });
export const ValidationOtpVerify = v.object({
  session_id: v.pipe(v.string(), v.minLength(1)),
  purpose: v.literal(VALIDATION_PURPOSE),
  otp: OtpField,
});
/**
 * Answer of verify: `data.application_id` (the application whose mobile is now verified, if one was named). Called
 * without a token (a public visitor), it is the public OTP's answer (contracts/public-otp.ts): `application_id` is the
 * visitor's application and `token` (ours) the guest token.
 */
export type ValidationOtpVerifyAnswer = {
  success: boolean;
  data: { application_id: string | null; is_phone_verified: true; token?: string };
};
