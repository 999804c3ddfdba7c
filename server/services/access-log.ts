import { productRoleOf } from '../../contracts/roles';
import type { Caller } from '../app-env';
import type { Queryable } from '../db/db';
import { productRoleOfCaller } from './caller-role';

// The record of who looked at a borrower's identity (migration 015; docs/security.md "Access log"). Written on every
// read of a document's content and of an application's identity fields, in the same request, before the answer goes
// out: a read that could not be recorded is not answered (the error handler answers 500 and nothing is shown).

/** DPDP Rules 2025 Rule 6: the log is kept at least a year; no purge removes a younger entry. */
export const ACCESS_LOG_KEEP_DAYS = 365;

/** The identity fields an application answer may carry; an entry names those present, never their values. */
export const IDENTITY_FIELDS = [
  'pan',
  'dob',
  'aadhaar_last4',
  'voter_id',
  'address',
  'pincode',
  'gender',
  'email',
  'alternate_phone',
  'consent',
  'mother_name',
  'guardian_name',
  'pan_file',
  'aadhaar_front_file',
  'aadhaar_back_file',
  'voter_id_file',
  'photo_file',
] as const;

export type AccessAction = 'application.read' | 'application.lookup' | 'application.sync' | 'co_applicant.read' | 'file.url' | 'file.bytes';

export type AccessEntry = { applicationId: string | null; action: AccessAction; fileId?: string; fields?: readonly string[] };

/** The identity fields present in a record (a stored application's or co-applicant's data). */
export const identityFieldsOf = (data: Record<string, unknown>): string[] =>
  IDENTITY_FIELDS.filter((k) => data[k] !== undefined && data[k] !== null && data[k] !== '');

export async function recordAccess(q: Queryable, caller: Caller | null, e: AccessEntry, now: Date): Promise<void> {
  const role = caller ? ((await productRoleOfCaller(q, caller)) ?? (caller.kind === 'guest' ? 'VISITOR' : null)) : null;
  await q.query(
    `INSERT INTO access_log (tenant_id, application_id, user_id, subject, role, action, file_id, fields, at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8::jsonb,$9::timestamptz)`,
    [
      caller?.tenantId ?? '',
      e.applicationId,
      caller?.userId ?? null,
      caller?.subject ?? 'signed-link',
      role,
      e.action,
      e.fileId ?? null,
      JSON.stringify(e.fields ?? []),
      now.toISOString(),
    ],
  );
}

/** One entry per application a read carried to the caller (the change feed's pages), in one statement. */
export async function recordAccessMany(
  q: Queryable,
  caller: Caller,
  action: AccessAction,
  entries: readonly { applicationId: string; fields: readonly string[] }[],
  now: Date,
): Promise<void> {
  if (entries.length === 0) return;
  const role = (await productRoleOfCaller(q, caller)) ?? (caller.kind === 'guest' ? 'VISITOR' : null);
  await q.query(
    `INSERT INTO access_log (tenant_id, application_id, user_id, subject, role, action, file_id, fields, at)
     SELECT $1, e.app, $2, $3, $4, $5, NULL, e.fields, $6::timestamptz FROM jsonb_to_recordset($7::jsonb) AS e(app text, fields jsonb)`,
    [
      caller.tenantId,
      caller.userId,
      caller.subject,
      role,
      action,
      now.toISOString(),
      JSON.stringify(entries.map((e) => ({ app: e.applicationId, fields: e.fields }))),
    ],
  );
}

/** A served file's entry: the reader is the one its signed link was issued to (`by`, signed with it). */
export async function recordFileBytes(q: Queryable, tenantId: string, fileId: string, by: string, now: Date): Promise<void> {
  const [f] = await q.query<{ application_id: string | null }>('SELECT application_id FROM files WHERE tenant_id=$1 AND id=$2', [
    tenantId,
    fileId,
  ]);
  const userId = /^user:\d+$/.test(by) ? Number(by.slice(5)) : null;
  const [u] =
    userId === null
      ? []
      : await q.query<{ role: string; designation: string | null }>('SELECT role, designation FROM users WHERE tenant_id=$1 AND id=$2', [
          tenantId,
          userId,
        ]);
  const role = u ? productRoleOf(u.role, u.designation) : by.startsWith('guest') ? 'VISITOR' : null;
  await q.query(
    `INSERT INTO access_log (tenant_id, application_id, user_id, subject, role, action, file_id, at)
     VALUES ($1,$2,$3,$4,$5,'file.bytes',$6,$7::timestamptz)`,
    [tenantId, f?.application_id ?? null, userId, by || 'signed-link', role, fileId, now.toISOString()],
  );
}

export type AccessLogRow = {
  id: string;
  at: string;
  user_id: number | null;
  user_name: string | null;
  role: string | null;
  action: AccessAction;
  file_id: string | null;
  fields: string[];
};

/** One application's entries, newest first (at most 500: the screen shows the latest; the table keeps all). */
export async function accessLogOf(q: Queryable, tenantId: string, applicationId: string): Promise<AccessLogRow[]> {
  const rows = await q.query<AccessLogRow & { at: Date | string }>(
    `SELECT l.id::text AS id, l.at, l.user_id, NULLIF(trim(u.first_name || ' ' || u.last_name), '') AS user_name, l.role, l.action, l.file_id, l.fields
     FROM access_log l LEFT JOIN users u ON u.tenant_id = l.tenant_id AND u.id = l.user_id
     WHERE l.tenant_id=$1 AND l.application_id=$2 ORDER BY l.at DESC, l.id DESC LIMIT 500`,
    [tenantId, applicationId],
  );
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}

/** Removes entries older than `keepDays` (never fewer than ACCESS_LOG_KEEP_DAYS); answers how many went. */
export async function purgeAccessLog(q: Queryable, now: Date, keepDays = ACCESS_LOG_KEEP_DAYS): Promise<number> {
  const days = Math.max(keepDays, ACCESS_LOG_KEEP_DAYS);
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  const gone = await q.query<{ id: string }>('DELETE FROM access_log WHERE at < $1::timestamptz RETURNING id', [cutoff]);
  return gone.length;
}
