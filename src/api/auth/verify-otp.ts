import { VerifyOtpResponse } from '../../../contracts/auth';
import { mainCall } from '../http';

export const verifyOtp = (sessionId: string, otp: string) =>
  mainCall(VerifyOtpResponse, '/v1/auth/verify-otp', { method: 'POST', body: { session_id: sessionId, otp }, silent: true });
