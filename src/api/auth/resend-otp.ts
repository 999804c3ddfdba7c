import { ResendOtpResponse } from '../../../contracts/auth';
import { mainCall } from '../http';

export const resendOtp = (sessionId: string) =>
  mainCall(ResendOtpResponse, '/v1/auth/resend-otp', { method: 'POST', body: { session_id: sessionId }, silent: true });
