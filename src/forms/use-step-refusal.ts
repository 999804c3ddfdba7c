// The step screens ask the authority table before they offer Submit: src/workflow/app-authority.ts.
import type { Action } from '../../contracts/authority';
import { productRoleOf } from '../../contracts/roles';
import { useApplication } from '../db/hooks';
import { useUserDb } from '../db/user-db-context';
import { stepRefusal } from '../workflow/app-authority';
import { useFlow } from '../session/flow-context';
import { useProfile } from '../session/profile-store';

/**
 * Why the server would refuse this step (stepRefusal), null when it would not, and undefined while the phone is still
 * reading the application: Submit then waits too, else a press in that moment went to a form whose refusal
 * showed up just after it (the application's first read is a render late, also on a screen that read it before).
 */
export function useStepRefusal(appId: string, action: Action): string | null | undefined {
  const db = useUserDb();
  const profile = useProfile();
  const flow = useFlow();
  const row = useApplication(db, appId);
  const role = productRoleOf(profile.role, profile.mfi_employee?.designation);
  if (row === undefined || (row && row.id !== appId)) return undefined;
  return stepRefusal(action, { role, userId: profile.id, visitor: flow.visitor }, row?.data);
}
