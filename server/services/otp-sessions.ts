import { SERVER_MSG } from '../../contracts/messages';
import type { ServerConfig } from '../config';
import type { Queryable } from '../db/db';
import { randomHex, safeEqualHex, sha256Hex } from '../crypto-utils';

export type OtpSessionRow = {
  id: string;
  tenant_id: string;
  mobile: string;
  user_id: number | null;
  otp_hash: string;
  expires_at: Date | string;
  wrong_attempts: number;
  locked_at: unknown;
  used_at: unknown;
  /** What the session is about besides the mobile (validation: application_id; Aadhaar: identity key, last 4). */
  context: Record<string, unknown> | null;
};

/** The code itself is never stored: a salted hash bound to the session id. */
const otpHash = (sessionId: string, otp: string) => sha256Hex(`${sessionId}:${otp}`);

export async function startOtpSession(
  q: Queryable,
  config: ServerConfig,
  s: { tenantId: string; mobile: string; userId: number | null; purpose: string; context?: Record<string, unknown> },
): Promise<string> {
  const id = randomHex(16);
  const now = config.now();
  await q.query(
    `INSERT INTO otp_sessions (id, tenant_id, purpose, mobile, user_id, otp_hash, expires_at, created_at, context)
     VALUES ($1,$2,$3,$4,$5,$6,$7::timestamptz,$8::timestamptz,$9::jsonb)`,
    [
      id,
      s.tenantId,
      s.purpose,
      s.mobile,
      s.userId,
      otpHash(id, config.sandboxOtp),
      new Date(now.getTime() + config.otpTtlS * 1000).toISOString(),
      now.toISOString(),
      s.context ? JSON.stringify(s.context) : null,
    ],
  );
  return id;
}

export async function findOtpSession(q: Queryable, tenantId: string, id: string, purpose: string) {
  const [row] = await q.query<OtpSessionRow>('SELECT * FROM otp_sessions WHERE id=$1 AND tenant_id=$2 AND purpose=$3', [
    id,
    tenantId,
    purpose,
  ]);
  return row ?? null;
}

/** Resend: a new code (the sandbox OTP), a fresh expiry, the wrong-try count reset. */
export async function restartOtpSession(q: Queryable, config: ServerConfig, id: string): Promise<void> {
  const now = config.now();
  await q.query(
    `UPDATE otp_sessions SET otp_hash=$2, expires_at=$3::timestamptz, wrong_attempts=0, locked_at=NULL, used_at=NULL
     WHERE id=$1`,
    [id, otpHash(id, config.sandboxOtp), new Date(now.getTime() + config.otpTtlS * 1000).toISOString()],
  );
}

export type OtpCheck = 'ok' | 'unknown' | 'locked' | 'used' | 'expired' | 'wrong' | 'now-locked';

/** HTTP status and message for each failed check; the same for every kind of OTP (login, validation, Aadhaar). */
export const OTP_CHECK_FAILURES: Readonly<Record<Exclude<OtpCheck, 'ok'>, readonly [number, string]>> = {
  unknown: [400, SERVER_MSG.unknownSession],
  locked: [429, SERVER_MSG.otpLocked],
  'now-locked': [429, SERVER_MSG.otpLocked],
  used: [400, SERVER_MSG.otpUsed],
  expired: [400, SERVER_MSG.otpExpired],
  wrong: [400, SERVER_MSG.invalidOtp],
};

/** Checks a code; every state change is a single conditional UPDATE so concurrent verifies cannot both win. */
export async function checkOtp(q: Queryable, config: ServerConfig, row: OtpSessionRow | null, otp: string): Promise<OtpCheck> {
  if (!row) return 'unknown';
  if (row.locked_at) return 'locked';
  if (row.used_at) return 'used';
  const now = config.now();
  if (new Date(row.expires_at).getTime() <= now.getTime()) return 'expired';
  if (safeEqualHex(otpHash(row.id, otp), row.otp_hash)) {
    const won = await q.query(
      'UPDATE otp_sessions SET used_at=$2::timestamptz WHERE id=$1 AND used_at IS NULL AND locked_at IS NULL RETURNING id',
      [row.id, now.toISOString()],
    );
    if (won.length) return 'ok';
    // Lost a race: to a concurrent correct verify (used), or to wrong guesses that locked it meanwhile.
    const [now2] = await q.query<{ locked_at: unknown }>('SELECT locked_at FROM otp_sessions WHERE id=$1', [row.id]);
    return now2?.locked_at ? 'locked' : 'used';
  }
  const [after] = await q.query<{ wrong_attempts: number }>(
    `UPDATE otp_sessions SET wrong_attempts = wrong_attempts + 1,
       locked_at = CASE WHEN wrong_attempts + 1 >= $2 THEN $3::timestamptz ELSE locked_at END
     WHERE id=$1 RETURNING wrong_attempts`,
    [row.id, config.otpMaxWrongTries, now.toISOString()],
  );
  return (after?.wrong_attempts ?? 0) >= config.otpMaxWrongTries ? 'now-locked' : 'wrong';
}
