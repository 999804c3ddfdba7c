import { type ProductRole, productRoleOf } from '../../contracts/roles';
import type { Caller } from '../app-env';
import type { Queryable } from '../db/db';

// The caller's product role (contracts/roles.ts: RELATIONSHIP_OFFICER / AGENT → INITIATING_OFFICER, BRANCH_CREDIT_MANAGER
// → REVIEW, BRANCH_MANAGER → VERIFICATION), read from the staff member's profile row: the session only carries the user id.

/** The product role of a staff caller, or null (guest, unknown designation, user gone). */
export async function productRoleOfCaller(q: Queryable, caller: Pick<Caller, 'kind' | 'userId' | 'tenantId'>): Promise<ProductRole | null> {
  if (caller.kind !== 'staff' || caller.userId === null) return null;
  const [u] = await q.query<{ role: string; designation: string | null }>(
    'SELECT role, designation FROM users WHERE tenant_id=$1 AND id=$2',
    [caller.tenantId, caller.userId],
  );
  return u ? productRoleOf(u.role, u.designation) : null;
}
