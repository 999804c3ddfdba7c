import { type ChangesPage, FEED_MSG, type FeedChange } from '../../contracts/change-feed';
import { ApiError } from '../api-error';
import type { Caller } from '../app-env';
import { sha256Hex } from '../crypto-utils';
import type { Queryable } from '../db/db';
import { recordAccessMany, identityFieldsOf } from './access-log';
import { APP_COLUMNS, type AppRow } from './application-store';
import { partsOfApplications } from './change-parts';
import { inScope, scopeCondition, type StaffScope, staffScopeOf } from './staff-scope';

// The change feed: what changed since a cursor among the applications the caller reads, in the order of the tenant's
// change numbers (server/db/migrations/017-change-feed.ts; taken at commit since 021). Scoped exactly like a read
// (staff-scope.ts; a guest its own application). The cursor is `<number>.<scope key>`: a cursor made for another scope
// (the caller's role, branch or user changed) starts the whole readable set again with `reset`, so a phone drops what
// it may no longer hold.

type Scope = { staff: StaffScope | null; guestAppId: string | null; key: string };

async function scopeOf(q: Queryable, caller: Caller): Promise<Scope> {
  const staff = await staffScopeOf(q, caller);
  const guestAppId = caller.kind === 'guest' ? caller.applicationId : null;
  const parts = staff ? ['s', staff.role ?? '', staff.branchId, String(staff.userId)] : ['g', guestAppId ?? ''];
  return { staff, guestAppId, key: sha256Hex(parts.join('|')).slice(0, 12) };
}

/** The condition on `branch_id` / `owner_user_id` (or the guest's id), parameters numbered from `n`. */
function condition(s: Scope, n: number, idColumn: string): { sql: string; params: unknown[] } {
  if (s.staff) return scopeCondition(s.staff, n);
  if (s.guestAppId) return { sql: ` AND ${idColumn}=$${n}`, params: [s.guestAppId] };
  return { sql: ' AND false', params: [] };
}

const readable = (s: Scope, row: Pick<AppRow, 'id' | 'branch_id' | 'owner_user_id'>) =>
  s.staff ? inScope(s.staff, row) : s.guestAppId === row.id;

/** The visit phone keeps nothing of a finished loan (sanctioned or rejected): its documents leave the phone. */
const finished = (row: AppRow) =>
  row.data.sanctioned === true || (row.data.approval_checks as { decision?: unknown } | undefined)?.decision === 'REJECTED';
const dropsFinished = (s: Scope) => s.staff?.role === 'VERIFICATION';

/** `since`: absent (everything readable now) or a cursor this feed made; else 400. */
export function parseCursor(since: string | undefined): { seq: number; key: string } | null {
  if (since === undefined || since === '') return null;
  const m = /^(\d{1,15})\.([0-9a-f]{12})$/.exec(since);
  if (!m) throw new ApiError(400, FEED_MSG.cursor);
  return { seq: Number(m[1]), key: m[2]! };
}

type Listed = { application_id: string; change_seq: string | number; exit: boolean };

export async function readChanges(q: Queryable, caller: Caller, since: string | undefined, limit: number, now: Date): Promise<ChangesPage> {
  const scope = await scopeOf(q, caller);
  const cursor = parseCursor(since);
  const reset = cursor !== null && cursor.key !== scope.key;
  const whole = cursor === null || reset;
  const from = whole ? 0 : cursor.seq;
  const apps = condition(scope, 3, 'id');
  // Exits matter only to a phone that may hold what left: never on a first (whole) pull, never to a guest.
  const exits = whole || !scope.staff ? null : condition(scope, 3 + apps.params.length, 'application_id');
  const listed = await q.query<Listed>(
    `SELECT id AS application_id, change_seq, false AS exit FROM applications WHERE tenant_id=$1 AND change_seq > $2${apps.sql}
     ${exits ? `UNION ALL SELECT application_id, change_seq, true FROM application_scope_exits WHERE tenant_id=$1 AND change_seq > $2${exits.sql}` : ''}
     ORDER BY change_seq, exit LIMIT ${limit + 1}`,
    [caller.tenantId, from, ...apps.params, ...(exits?.params ?? [])],
  );
  const page = listed.slice(0, limit);
  const ids = [...new Set(page.map((l) => l.application_id))];
  const rows =
    ids.length === 0
      ? []
      : await q.query<AppRow>(`SELECT ${APP_COLUMNS} FROM applications WHERE tenant_id=$1 AND id = ANY($2::text[])`, [
          caller.tenantId,
          ids,
        ]);
  const byId = new Map(rows.map((r) => [r.id, r]));

  const kept: AppRow[] = [];
  const changes: (FeedChange | { keep: AppRow; seq: number })[] = [];
  for (const l of page) {
    const seq = Number(l.change_seq);
    const row = byId.get(l.application_id);
    const reads = row !== undefined && readable(scope, row);
    if (l.exit) {
      // Still readable (moved within what the caller sees): its update is in the feed at this number or later.
      if (!reads) changes.push({ application_id: l.application_id, seq, gone: true, reason: 'out_of_scope' });
    } else if (reads && dropsFinished(scope) && finished(row)) {
      if (!whole) changes.push({ application_id: row.id, seq, gone: true, reason: 'finished' });
    } else if (reads) {
      kept.push(row);
      changes.push({ keep: row, seq });
    }
    // Not readable now although listed (changed in between, or a branch-less officer's row): its exit follows.
  }
  const parts = await partsOfApplications(q, caller, kept);
  await recordAccessMany(
    q,
    caller,
    'application.sync',
    // The page carries the co-applicants and family members too: their identity fields are read as much as the borrower's.
    kept.map((r) => {
      const p = parts(r);
      const records = [r.data, ...p.co_applicants, ...p.family_members];
      return { applicationId: r.id, fields: [...new Set(records.flatMap((d) => identityFieldsOf(d)))] };
    }),
    now,
  );
  const last = page.at(-1);
  return {
    changes: changes.map((c) => ('keep' in c ? { ...parts(c.keep), seq: c.seq } : c)),
    cursor: `${last ? Number(last.change_seq) : from}.${scope.key}`,
    has_more: listed.length > limit,
    ...(reset ? { reset: true as const } : {}),
  };
}
