import { SendOtpResponse, WEB_CLIENT_HEADER, WEB_CLIENT_VALUE, type SendOtpRequest } from '../../../contracts/auth';
import { mainCall } from '../http';

/** POST /v1/auth/send-otp with the web-client marker header. Failures are handled by the login screen. */
export const sendOtp = (req: SendOtpRequest) =>
  mainCall(SendOtpResponse, '/v1/auth/send-otp', {
    method: 'POST',
    body: { mobile: req.mobile.trim(), hostname: req.hostname },
    headers: { [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE },
    silent: true,
  });
