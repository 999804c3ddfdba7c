import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { Caller } from '../app-env';
import type { Queryable } from '../db/db';
import { assertInScope, staffScopeOf } from './staff-scope';

/**
 * A staff member opens another person's upload only through an application their scope reaches
 * (server/services/staff-scope.ts); a file tied to no application (an upload before its create, a partner's document)
 * is its uploader's alone, and is answered as not found.
 */
export async function assertStaffMayOpen(q: Queryable, caller: Caller, applicationId: string | null): Promise<void> {
  const scope = await staffScopeOf(q, caller);
  if (!scope || applicationId === null) throw new ApiError(404, SERVER_MSG.notFound);
  const [app] = await q.query<{ branch_id: string; owner_user_id: number | null }>(
    'SELECT branch_id, owner_user_id FROM applications WHERE tenant_id=$1 AND id=$2',
    [caller.tenantId, applicationId],
  );
  if (!app) throw new ApiError(404, SERVER_MSG.notFound);
  assertInScope(scope, app, SERVER_MSG.notFound);
}
