import type { Caller } from '../app-env';
import type { Db, Queryable } from '../db/db';
import { randomHex, sha256Hex } from '../crypto-utils';

type SessionRow = {
  id: number;
  tenant_id: string;
  kind: 'staff' | 'guest';
  user_id: number | null;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  application_id: string | null;
};

/** Issues a token (32 random bytes, hex). Only its sha-256 is stored. A guest token may be bound to one application. */
export async function createSession(
  q: Queryable,
  s: {
    tenantId: string;
    kind: 'staff' | 'guest';
    userId: number | null;
    mobile: string | null;
    ttlS: number;
    now: Date;
    applicationId?: string | null;
  },
): Promise<string> {
  const token = randomHex(32);
  await q.query(
    `INSERT INTO sessions (tenant_id, kind, user_id, mobile, token_hash, created_at, expires_at, application_id)
     VALUES ($1,$2,$3,$4,$5,$6::timestamptz,$7::timestamptz,$8)`,
    [
      s.tenantId,
      s.kind,
      s.userId,
      s.mobile,
      sha256Hex(token),
      s.now.toISOString(),
      new Date(s.now.getTime() + s.ttlS * 1000).toISOString(),
      s.kind === 'guest' ? (s.applicationId ?? null) : null,
    ],
  );
  return token;
}

/**
 * The caller's stable owner string (idempotency scope, file and upload owner): the officer for staff, so a key survives a
 * re-login; the visitor's application for a guest, so a visitor who verified again (a new token) still owns its uploads
 * and its queued retries replay instead of running twice; the session for a guest bound to nothing.
 */
function subjectOf(row: SessionRow): string {
  if (row.kind === 'staff') return `user:${row.user_id}`;
  return row.application_id ? `guest-app:${row.application_id}` : `guest:${row.id}`;
}

export async function resolveToken(
  db: Db,
  token: string,
  tenantId: string,
  now: Date,
): Promise<{ caller: Caller } | { problem: 'invalid' | 'expired' }> {
  if (!/^[0-9a-f]{64}$/.test(token)) return { problem: 'invalid' };
  const [row] = await db.query<SessionRow>(
    'SELECT id, tenant_id, kind, user_id, expires_at, revoked_at, application_id FROM sessions WHERE token_hash=$1',
    [sha256Hex(token)],
  );
  if (!row || row.tenant_id !== tenantId) return { problem: 'invalid' };
  if (row.revoked_at || new Date(row.expires_at).getTime() <= now.getTime()) return { problem: 'expired' };
  return {
    caller: {
      kind: row.kind,
      sessionId: row.id,
      userId: row.user_id,
      tenantId: row.tenant_id,
      subject: subjectOf(row),
      applicationId: row.kind === 'guest' ? row.application_id : null,
    },
  };
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at=$2::timestamptz WHERE id=$1 AND revoked_at IS NULL', [sessionId, now.toISOString()]);
}
