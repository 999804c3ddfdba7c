import { ApiError } from '../api-error';
import type { Caller } from '../app-env';
import type { Queryable } from '../db/db';
import { APP_COLUMNS, APP_NOT_FOUND, type AppRow } from './application-store';
import { scopeCondition, staffScopeOf } from './staff-scope';

// Create Application's lookup by the borrower's mobile (REQ-HOME-2). The caller gets the newest application of that
// mobile it reaches (server/services/staff-scope.ts). An initiating officer whose borrower already has an application
// with someone else is told only that it exists and who holds it (officer and branch), never the borrower's data, so
// no second application is started unknowingly and nothing personal crosses officers. Other roles: 404 as before.

/** The plain words the phone shows when the mobile's application belongs to someone else. */
export function heldElsewhereMessage(officer: string | null, branch: string): string {
  return officer
    ? `This mobile already has an application with ${officer} (${branch}). Ask them or the branch to continue it.`
    : `This mobile already has an application the borrower started online (${branch}). Ask the branch to continue it.`;
}

export async function lookupByPhone(q: Queryable, caller: Caller, phone: string): Promise<AppRow> {
  const scope = await staffScopeOf(q, caller);
  if (!scope) throw new ApiError(404, APP_NOT_FOUND);
  const cond = scopeCondition(scope, 3);
  const [row] = await q.query<AppRow>(
    `SELECT ${APP_COLUMNS} FROM applications WHERE tenant_id=$1 AND phone=$2${cond.sql} ORDER BY updated_at DESC LIMIT 1`,
    [caller.tenantId, phone, ...cond.params],
  );
  if (row) return row;
  if (scope.role !== 'INITIATING_OFFICER') throw new ApiError(404, APP_NOT_FOUND);
  const [other] = await q.query<{ officer: string | null; branch: string }>(
    `SELECT NULLIF(trim(u.first_name || ' ' || u.last_name), '') AS officer, b.name AS branch
     FROM applications a JOIN branches b ON b.tenant_id = a.tenant_id AND b.id = a.branch_id
     LEFT JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.owner_user_id
     WHERE a.tenant_id=$1 AND a.phone=$2 ORDER BY a.updated_at DESC LIMIT 1`,
    [caller.tenantId, phone],
  );
  if (!other) throw new ApiError(404, APP_NOT_FOUND);
  throw new ApiError(409, heldElsewhereMessage(other.officer, other.branch), {
    data: { held_elsewhere: true, officer_name: other.officer, branch_name: other.branch },
  });
}
