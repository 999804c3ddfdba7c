import type { PublicOtpVerifyData } from '../../contracts/public-otp';
import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { Deps } from '../app-env';
import { openOwnPublicApplication, recordVerification } from './application-writes';
import { checkAndLogOtpSend } from './otp-rate-limit';
import { checkOtp, findOtpSession, OTP_CHECK_FAILURES, restartOtpSession, startOtpSession } from './otp-sessions';
import { findOrCreatePublicApplication } from './public-application';
import { createSession } from './sessions';

// A public visitor's mobile OTP, behind both POST /v1/otp/* and the validation OTP called without a staff token
// (docs/decisions.md "Public visitors"). Any well-formed mobile; the login OTP's limits and messages (send and resend
// counted per tenant + mobile and per address, 10 min expiry, single use, 5 wrong tries lock the session).
// A correct code verifies the mobile of the visitor's application (created on the first verify) and issues a guest
// token bound to the tenant, the mobile and that application.

export const PUBLIC_OTP_PURPOSE = 'public';

type Where = { tenantId: string; ip: string };

export async function sendPublicOtp(deps: Deps, at: Where, mobile: string): Promise<string> {
  await checkAndLogOtpSend(deps.db, deps.config, { tenantId: at.tenantId, mobile, ip: at.ip });
  return startOtpSession(deps.db, deps.config, { tenantId: at.tenantId, mobile, userId: null, purpose: PUBLIC_OTP_PURPOSE });
}

export async function resendPublicOtp(deps: Deps, at: Where, sessionId: string): Promise<void> {
  const row = await findOtpSession(deps.db, at.tenantId, sessionId, PUBLIC_OTP_PURPOSE);
  if (!row) throw new ApiError(400, SERVER_MSG.unknownSession);
  await checkAndLogOtpSend(deps.db, deps.config, { tenantId: at.tenantId, mobile: row.mobile, ip: at.ip });
  await restartOtpSession(deps.db, deps.config, row.id);
}

/** Spends the code, finds or creates the application, marks its phone verified and issues the guest token: all or nothing. */
export async function verifyPublicOtp(deps: Deps, tenantId: string, sessionId: string, otp: string): Promise<PublicOtpVerifyData> {
  const { db, config } = deps;
  const row = await findOtpSession(db, tenantId, sessionId, PUBLIC_OTP_PURPOSE);
  const outcome = await db.tx(async (q) => {
    const result = await checkOtp(q, config, row, otp);
    if (result !== 'ok' || !row) return { result, data: null };
    const now = config.now();
    const app = await findOrCreatePublicApplication(q, { tenantId, mobile: row.mobile, now });
    await recordVerification(q, openOwnPublicApplication(app), {
      kind: 'phone',
      value: { value: row.mobile },
      extra: { is_phone_verified: true },
      now,
    });
    const token = await createSession(q, {
      tenantId,
      kind: 'guest',
      userId: null,
      mobile: row.mobile,
      ttlS: config.guestTokenTtlS,
      now,
      applicationId: app.id,
    });
    const data: PublicOtpVerifyData = { token, application_id: app.id, is_phone_verified: true };
    return { result, data };
  });
  if (!outcome.data) {
    const [status, message] = OTP_CHECK_FAILURES[outcome.result === 'ok' ? 'unknown' : outcome.result];
    throw new ApiError(status, message);
  }
  return outcome.data;
}
