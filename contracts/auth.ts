import * as v from 'valibot';
import { MSG } from './messages';
import { MOBILE_PATTERN, OTP_PATTERN } from './patterns';
import { envelope } from './envelope';

export const MobileField = v.pipe(v.string(), v.trim(), v.regex(MOBILE_PATTERN, MSG.invalidMobile));
export const OtpField = v.pipe(v.string(), v.trim(), v.regex(OTP_PATTERN, MSG.invalidOtp));

export const SendOtpRequest = v.object({ mobile: MobileField, hostname: v.pipe(v.string(), v.minLength(1)) });
export type SendOtpRequest = v.InferOutput<typeof SendOtpRequest>;
export const SendOtpResponse = envelope(v.object({ session_id: v.string() }));
export type SendOtpResponse = v.InferOutput<typeof SendOtpResponse>;

export const ResendOtpRequest = v.object({ session_id: v.pipe(v.string(), v.minLength(1)) });
export type ResendOtpRequest = v.InferOutput<typeof ResendOtpRequest>;
export const ResendOtpResponse = v.object({ success: v.boolean(), message: v.string(), status_code: v.number() });

export const VerifyOtpRequest = v.object({ session_id: v.pipe(v.string(), v.minLength(1)), otp: OtpField });
export type VerifyOtpRequest = v.InferOutput<typeof VerifyOtpRequest>;
export const VerifyOtpResponse = envelope(v.object({ token: v.string() }));
export type VerifyOtpResponse = v.InferOutput<typeof VerifyOtpResponse>;

/** Login form, step one and step two. */
export const LoginMobileForm = v.object({ mobile: MobileField });
export const LoginOtpForm = v.object({ otp: OtpField });

/** The web-client marker header sent with every send-OTP call to the main API. */
export const WEB_CLIENT_HEADER = 'x-client-type';
export const WEB_CLIENT_VALUE = 'web';
export const TOKEN_HEADER = 'token';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
