import { SERVER_MSG } from '../../contracts/messages';
import { type ProductRole, productRoleOf } from '../../contracts/roles';
import { ApiError } from '../api-error';
import type { Caller } from '../app-env';
import type { Queryable } from '../db/db';

// Which applications a staff member reaches (docs/security.md "Need to know"): the head office every application of its
// tenant (read only: no authority row names it); the review and verification roles those of their own branch; an
// initiating officer (and a member with no product role) only the ones they created. Outside the branch is answered
// as another tenant's (404: its existence is not told); inside the branch, another officer's is 403, the authority
// table's "not yours". The tenant check stays in every query besides this.

export type StaffScope = { role: ProductRole | null; branchId: string; userId: number };

/** The scope of a staff caller, read from its profile row (the session carries only the user id); null otherwise. */
export async function staffScopeOf(
  q: Queryable,
  caller: Partial<Pick<Caller, 'kind' | 'userId'>> & Pick<Caller, 'tenantId'>,
): Promise<StaffScope | null> {
  if (caller.kind !== 'staff' || caller.userId === null || caller.userId === undefined) return null;
  const [u] = await q.query<{ role: string; designation: string | null; branch_id: string }>(
    'SELECT role, designation, branch_id FROM users WHERE tenant_id=$1 AND id=$2',
    [caller.tenantId, caller.userId],
  );
  // A user gone since its token was issued reaches nothing: an empty branch and no application of its own.
  if (!u) return { role: null, branchId: '', userId: caller.userId };
  return { role: productRoleOf(u.role, u.designation), branchId: u.branch_id, userId: caller.userId };
}

export const seesWholeTenant = (s: StaffScope) => s.role === 'HEAD_OFFICE';
const seesBranch = (s: StaffScope) => s.role === 'REVIEW' || s.role === 'VERIFICATION';

/**
 * The condition a list or count adds to `tenant_id=$1` for this scope, its parameter numbered `n`. Applications of
 * the `applications` table (unqualified columns).
 */
export function scopeCondition(s: StaffScope, n: number): { sql: string; params: unknown[] } {
  if (seesWholeTenant(s)) return { sql: '', params: [] };
  if (seesBranch(s)) return { sql: ` AND branch_id=$${n}`, params: [s.branchId] };
  return { sql: ` AND owner_user_id=$${n}`, params: [s.userId] };
}

/** True when the application is one the scope reaches. */
export function inScope(s: StaffScope, app: { branch_id: string; owner_user_id: number | null }): boolean {
  if (seesWholeTenant(s)) return true;
  if (app.branch_id !== s.branchId) return false;
  return seesBranch(s) || app.owner_user_id === s.userId;
}

/** 404 outside the caller's branch (as another tenant's), 403 for another officer's application in it. */
export function assertInScope(s: StaffScope, app: { branch_id: string; owner_user_id: number | null }, notFound: string): void {
  if (inScope(s, app)) return;
  if (app.branch_id !== s.branchId) throw new ApiError(404, notFound);
  throw new ApiError(403, SERVER_MSG.forbidden);
}
