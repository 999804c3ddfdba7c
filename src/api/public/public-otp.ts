// Public mobile OTP: POST /v1/otp/send, /v1/otp/resend, /v1/otp/verify (verify answers the guest token).
import { ResendOtpResponse, SendOtpResponse, WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '../../../contracts/auth';
import { PublicOtpVerifyResponse } from '../../../contracts/public-otp';
import { mainCall } from '../http';

export const sendPublicOtp = (mobile: string) =>
  mainCall(SendOtpResponse, '/v1/otp/send', {
    method: 'POST',
    body: { mobile, hostname: window.location.hostname },
    headers: { [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE },
    silent: true,
  });

export const resendPublicOtp = (sessionId: string) =>
  mainCall(ResendOtpResponse, '/v1/otp/resend', { method: 'POST', body: { session_id: sessionId }, silent: true });

export const verifyPublicOtp = (sessionId: string, otp: string) =>
  mainCall(PublicOtpVerifyResponse, '/v1/otp/verify', { method: 'POST', body: { session_id: sessionId, otp }, silent: true });
