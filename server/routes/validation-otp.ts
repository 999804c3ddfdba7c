import { type Context, Hono } from 'hono';
import { SERVER_MSG } from '../../contracts/messages';
import {
  ValidationOtpResend,
  ValidationOtpSend,
  ValidationOtpVerify,
  type ValidationOtpVerifyAnswer,
} from '../../contracts/validation-otp';
import { ApiError } from '../api-error';
import type { AppEnv, Caller } from '../app-env';
import { requireCaller } from '../middleware/session';
import { jsonBody, ok, okMessage, validate } from '../respond';
import { openForWrite, recordVerification } from '../services/application-writes';
import { clientIp } from '../services/client-ip';
import { checkAndLogOtpSend } from '../services/otp-rate-limit';
import { checkOtp, findOtpSession, OTP_CHECK_FAILURES, restartOtpSession, startOtpSession } from '../services/otp-sessions';
import { resendPublicOtp, sendPublicOtp, verifyPublicOtp } from '../services/public-otp';

// Validation OTP (v1/validation/mobile/otp/*): staff confirm a borrower's mobile. Same limits as the
// login OTP (send/resend per mobile and per address, 10 min expiry, single use, 5 wrong tries lock).
// Named at send, the application (of the caller's tenant, with this mobile) is marked phone-verified on success.
// Without a token, or with a guest token, it is the public visitor's OTP (server/services/public-otp.ts), the same as
// /v1/otp/*: verify answers the guest token and the visitor's application. An expired or unknown token is still 401.

const PURPOSE = 'validation';
export const VALIDATION_OTP_MSG = { mobileMismatch: 'This mobile number is not the mobile of the application' } as const;

/**
 * The application named at send: one of the caller's tenant, one the caller may record checks on in its state (the
 * authority table's 'checks.run', 403 / 409), and its phone is the mobile being verified.
 */
async function applicationWithMobile(c: Context<AppEnv>, caller: Caller, id: string, mobile: string) {
  const { app } = await openForWrite(c.var.deps.db, caller, id, 'checks.run', false);
  if (app.phone !== mobile) throw new ApiError(400, VALIDATION_OTP_MSG.mobileMismatch);
  return app;
}

/** A public visitor: no token at all, or a valid guest token. */
const isPublic = (c: Context<AppEnv>) => (c.var.caller ? c.var.caller.kind === 'guest' : c.var.authProblem === 'missing');
const where = (c: Context<AppEnv>) => ({ tenantId: c.var.tenantId, ip: clientIp(c) });

export const validationOtpRoutes = new Hono<AppEnv>()
  .post('/v1/validation/mobile/otp/send', async (c) => {
    if (isPublic(c)) {
      // The public OTP binds the visitor to the application of its mobile: an application_id sent is not used.
      const body = validate(ValidationOtpSend, await jsonBody(c));
      return ok(c, { session_id: await sendPublicOtp(c.var.deps, where(c), body.mobile) }, SERVER_MSG.otpSent);
    }
    const caller = requireCaller(c, ['staff']);
    const body = validate(ValidationOtpSend, await jsonBody(c));
    if (body.application_id) await applicationWithMobile(c, caller, body.application_id, body.mobile);
    const { db, config } = c.var.deps;
    await checkAndLogOtpSend(db, config, { tenantId: caller.tenantId, mobile: body.mobile, ip: clientIp(c) });
    const sessionId = await startOtpSession(db, config, {
      tenantId: caller.tenantId,
      mobile: body.mobile,
      userId: caller.userId,
      purpose: PURPOSE,
      context: { application_id: body.application_id ?? null },
    });
    return ok(c, { session_id: sessionId }, SERVER_MSG.otpSent);
  })
  .post('/v1/validation/mobile/otp/resend', async (c) => {
    if (isPublic(c)) {
      await resendPublicOtp(c.var.deps, where(c), validate(ValidationOtpResend, await jsonBody(c)).session_id);
      return okMessage(c, SERVER_MSG.otpResent);
    }
    const caller = requireCaller(c, ['staff']);
    const body = validate(ValidationOtpResend, await jsonBody(c));
    const { db, config } = c.var.deps;
    const row = await findOtpSession(db, caller.tenantId, body.session_id, PURPOSE);
    if (!row) throw new ApiError(400, SERVER_MSG.unknownSession);
    await checkAndLogOtpSend(db, config, { tenantId: caller.tenantId, mobile: row.mobile, ip: clientIp(c) });
    await restartOtpSession(db, config, row.id);
    return okMessage(c, SERVER_MSG.otpResent);
  })
  .post('/v1/validation/mobile/otp/verify', async (c) => {
    if (isPublic(c)) {
      const body = validate(ValidationOtpVerify, await jsonBody(c));
      const data: ValidationOtpVerifyAnswer['data'] = await verifyPublicOtp(c.var.deps, c.var.tenantId, body.session_id, body.otp);
      // Carries the guest token: never kept for replay.
      c.set('idempotencyNoStore', true);
      return ok(c, data, SERVER_MSG.otpVerified);
    }
    const caller = requireCaller(c, ['staff']);
    const body = validate(ValidationOtpVerify, await jsonBody(c));
    const { db, config } = c.var.deps;
    const row = await findOtpSession(db, caller.tenantId, body.session_id, PURPOSE);
    const applicationId = typeof row?.context?.application_id === 'string' ? row.context.application_id : null;
    // Checked before the code is spent, so a refused verify leaves the OTP usable.
    const app = row && applicationId ? await applicationWithMobile(c, caller, applicationId, row.mobile) : null;
    // Spending the code and marking the application happen together, or neither.
    const result = await db.tx(async (q) => {
      const r = await checkOtp(q, config, row, body.otp);
      if (r === 'ok' && row && app) {
        await recordVerification(q, app, {
          kind: 'phone',
          value: { value: row.mobile },
          extra: { is_phone_verified: true },
          now: config.now(),
        });
      }
      return r;
    });
    if (result !== 'ok') {
      const [status, message] = OTP_CHECK_FAILURES[result];
      throw new ApiError(status, message);
    }
    // No secret in this answer: the idempotency record may keep it, so a retried verify gets the same answer.
    const data: ValidationOtpVerifyAnswer['data'] = { application_id: applicationId, is_phone_verified: true };
    return ok(c, data, SERVER_MSG.otpVerified);
  });
