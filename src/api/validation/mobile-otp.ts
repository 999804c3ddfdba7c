// Validation OTP for the borrower's mobile: POST /v1/validation/mobile/otp/send, /resend, /verify.
import * as v from 'valibot';
import { WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '../../../contracts/auth';
import { envelope } from '../../../contracts/envelope';
import { VALIDATION_PURPOSE } from '../../../contracts/validation-otp';
import { mainCall } from '../http';

export const SessionAnswer = envelope(v.object({ session_id: v.string() }));
export const VerifyAnswer = envelope(v.object({ application_id: v.nullable(v.string()), is_phone_verified: v.boolean() }));

export const sendMobileOtp = (mobile: string, appId: string) =>
  mainCall(SessionAnswer, '/v1/validation/mobile/otp/send', {
    method: 'POST',
    body: { mobile, hostname: window.location.hostname, application_id: appId },
    headers: { [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE },
    silent: true,
  });

export const resendMobileOtp = (sessionId: string) =>
  mainCall(v.unknown(), '/v1/validation/mobile/otp/resend', { method: 'POST', body: { session_id: sessionId }, silent: true });

export const verifyMobileOtp = (sessionId: string, otp: string) =>
  mainCall(VerifyAnswer, '/v1/validation/mobile/otp/verify', {
    method: 'POST',
    body: { session_id: sessionId, purpose: VALIDATION_PURPOSE, otp },
    silent: true,
  });
