import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { ServerConfig } from '../config';
import type { Db, Queryable } from '../db/db';

/**
 * Send/resend limits kept in the database so several instances agree: more than `otpMaxPerMobile`
 * accepted sends per mobile, or more than `otpMaxPerIp` attempts per address, in the window → 429.
 * Every attempt is logged (refused ones too) so a flood from one address stays refused.
 * Count and log happen in one transaction under advisory locks on the address and the mobile (always
 * in that order, so two requests never wait on each other crosswise): concurrent sends, on one
 * instance or several, cannot all read "4 so far" and all pass.
 */
export async function checkAndLogOtpSend(
  db: Db,
  config: ServerConfig,
  a: { tenantId: string; mobile: string | null; ip: string },
): Promise<void> {
  const refused = await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`otp-ip:${a.ip}`]);
    if (a.mobile) await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`otp-mobile:${a.tenantId}:${a.mobile}`]);
    return countAndLog(q, config, a);
  });
  if (refused) throw new ApiError(429, refused);
}

async function countAndLog(
  q: Queryable,
  config: ServerConfig,
  a: { tenantId: string; mobile: string | null; ip: string },
): Promise<string | null> {
  const now = config.now();
  const since = new Date(now.getTime() - config.otpWindowS * 1000).toISOString();
  const log = (accepted: boolean) =>
    q.query('INSERT INTO otp_send_log (tenant_id, mobile, ip, accepted, created_at) VALUES ($1,$2,$3,$4,$5::timestamptz)', [
      a.tenantId,
      a.mobile,
      a.ip,
      accepted,
      now.toISOString(),
    ]);
  const [byIp] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM otp_send_log WHERE ip=$1 AND created_at > $2::timestamptz', [
    a.ip,
    since,
  ]);
  if ((byIp?.n ?? 0) >= config.otpMaxPerIp) {
    await log(false);
    return SERVER_MSG.tooManyRequests;
  }
  if (a.mobile) {
    const [byMobile] = await q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM otp_send_log WHERE tenant_id=$1 AND mobile=$2 AND accepted AND created_at > $3::timestamptz',
      [a.tenantId, a.mobile, since],
    );
    if ((byMobile?.n ?? 0) >= config.otpMaxPerMobile) {
      await log(false);
      return SERVER_MSG.otpRateLimited;
    }
  }
  await log(a.mobile !== null);
  return null;
}
