import { Hono } from 'hono';
import { SERVER_MSG } from '../../contracts/messages';
import { PublicOtpResend, PublicOtpSend, PublicOtpVerify } from '../../contracts/public-otp';
import type { AppEnv } from '../app-env';
import { jsonBody, ok, okMessage, validate } from '../respond';
import { clientIp } from '../services/client-ip';
import { resendPublicOtp, sendPublicOtp, verifyPublicOtp } from '../services/public-otp';

// Public mobile OTP (POST /v1/otp/send, /resend, /verify): no token needed, and a token sent anyway is
// ignored (a browser still holding an expired guest token must be able to verify again). The tenant is the host.
// Shapes in docs/api.md "Public visitors"; rules in server/services/public-otp.ts.

export const publicOtpRoutes = new Hono<AppEnv>()
  .post('/v1/otp/send', async (c) => {
    const body = validate(PublicOtpSend, await jsonBody(c));
    const sessionId = await sendPublicOtp(c.var.deps, { tenantId: c.var.tenantId, ip: clientIp(c) }, body.mobile);
    return ok(c, { session_id: sessionId }, SERVER_MSG.otpSent);
  })
  .post('/v1/otp/resend', async (c) => {
    const body = validate(PublicOtpResend, await jsonBody(c));
    await resendPublicOtp(c.var.deps, { tenantId: c.var.tenantId, ip: clientIp(c) }, body.session_id);
    return okMessage(c, SERVER_MSG.otpResent);
  })
  .post('/v1/otp/verify', async (c) => {
    const body = validate(PublicOtpVerify, await jsonBody(c));
    const data = await verifyPublicOtp(c.var.deps, c.var.tenantId, body.session_id, body.otp);
    // The answer carries the guest token: the idempotency record must not keep it (the key only locks the request).
    c.set('idempotencyNoStore', true);
    return ok(c, data, SERVER_MSG.otpVerified);
  });
