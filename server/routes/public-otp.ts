import { Hono } from 'hono';
import { SERVER_MSG } from '../../contracts/messages';
import { PublicOtpResend, PublicOtpSend, PublicOtpVerify } from '../../contracts/public-otp';
import { outsideAuthority } from '../middleware/authorize';
import { body } from '../middleware/body';
import type { AppEnv } from '../app-env';
import { ok, okMessage } from '../respond';
import { clientIp } from '../services/client-ip';
import { resendPublicOtp, sendPublicOtp, verifyPublicOtp } from '../services/public-otp';

// Public mobile OTP (POST /v1/otp/send, /resend, /verify): no token needed, and a token sent anyway is
// ignored (a browser still holding an expired guest token must be able to verify again). The tenant is the host.
// Shapes in docs/api.md "Public visitors"; rules in server/services/public-otp.ts.

export const publicOtpRoutes = new Hono<AppEnv>()
  .post('/v1/otp/send', outsideAuthority('public visitor', 'anyone'), body(PublicOtpSend), async (c) => {
    const input = c.req.valid('json');
    const sessionId = await sendPublicOtp(c.var.deps, { tenantId: c.var.tenantId, ip: clientIp(c) }, input.mobile);
    return ok(c, { session_id: sessionId }, SERVER_MSG.otpSent);
  })
  .post('/v1/otp/resend', outsideAuthority('public visitor', 'anyone'), body(PublicOtpResend), async (c) => {
    const input = c.req.valid('json');
    await resendPublicOtp(c.var.deps, { tenantId: c.var.tenantId, ip: clientIp(c) }, input.session_id);
    return okMessage(c, SERVER_MSG.otpResent);
  })
  .post('/v1/otp/verify', outsideAuthority('public visitor', 'anyone'), body(PublicOtpVerify), async (c) => {
    const input = c.req.valid('json');
    const data = await verifyPublicOtp(c.var.deps, c.var.tenantId, input.session_id, input.otp);
    // The answer carries the guest token: the idempotency record must not keep it (the key only locks the request).
    c.set('idempotencyNoStore', true);
    return ok(c, data, SERVER_MSG.otpVerified);
  });
