import { Hono } from 'hono';
import { ResendOtpRequest, SendOtpRequest, VerifyOtpRequest } from '../../contracts/auth';
import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import { outsideAuthority } from '../middleware/authorize';
import { body } from '../middleware/body';
import type { AppEnv } from '../app-env';
import { ok, okMessage } from '../respond';
import { clientIp } from '../services/client-ip';
import { checkAndLogOtpSend } from '../services/otp-rate-limit';
import { checkOtp, findOtpSession, OTP_CHECK_FAILURES, restartOtpSession, startOtpSession } from '../services/otp-sessions';
import { createSession } from '../services/sessions';

const PURPOSE = 'login';

/** Staff sign-in: send, resend, verify (docs/api.md). The tenant is the request's host, never the body. */
export const authRoutes = new Hono<AppEnv>()
  .post('/v1/auth/send-otp', outsideAuthority('sign-in', 'anyone'), body(SendOtpRequest), async (c) => {
    const { db, config } = c.var.deps;
    const input = c.req.valid('json');
    const tenantId = c.var.tenantId;
    const [user] = await db.query<{ id: number }>('SELECT id FROM users WHERE tenant_id=$1 AND mobile=$2 AND active', [
      tenantId,
      input.mobile,
    ]);
    await checkAndLogOtpSend(db, config, { tenantId, mobile: user ? input.mobile : null, ip: clientIp(c) });
    if (!user) throw new ApiError(400, SERVER_MSG.noStaffAccount);
    const sessionId = await startOtpSession(db, config, { tenantId, mobile: input.mobile, userId: user.id, purpose: PURPOSE });
    return ok(c, { session_id: sessionId }, SERVER_MSG.otpSent);
  })
  .post('/v1/auth/resend-otp', outsideAuthority('sign-in', 'anyone'), body(ResendOtpRequest), async (c) => {
    const { db, config } = c.var.deps;
    const input = c.req.valid('json');
    const row = await findOtpSession(db, c.var.tenantId, input.session_id, PURPOSE);
    if (!row) throw new ApiError(400, SERVER_MSG.unknownSession);
    await checkAndLogOtpSend(db, config, { tenantId: c.var.tenantId, mobile: row.mobile, ip: clientIp(c) });
    await restartOtpSession(db, config, row.id);
    return okMessage(c, SERVER_MSG.otpResent);
  })
  .post('/v1/auth/verify-otp', outsideAuthority('sign-in', 'anyone'), body(VerifyOtpRequest), async (c) => {
    const { db, config } = c.var.deps;
    const input = c.req.valid('json');
    const row = await findOtpSession(db, c.var.tenantId, input.session_id, PURPOSE);
    const result = await checkOtp(db, config, row, input.otp);
    if (result !== 'ok' || !row) {
      const [status, message] = OTP_CHECK_FAILURES[result === 'ok' ? 'unknown' : result];
      throw new ApiError(status, message);
    }
    // The answer carries the login token: the idempotency record must not keep it (only its hash is stored).
    c.set('idempotencyNoStore', true);
    const token = await createSession(db, {
      tenantId: row.tenant_id,
      kind: 'staff',
      userId: row.user_id,
      mobile: row.mobile,
      ttlS: config.tokenTtlS,
      now: config.now(),
    });
    return ok(c, { token }, SERVER_MSG.otpVerified);
  });
