// The step screens ask the authority table before they offer Submit (issue 16): src/forms/app-authority.ts.
import type { Action } from '../../contracts/authority';
import { productRoleOf } from '../../contracts/roles';
import { useApplication } from '../db/hooks';
import { useUserDb } from '../db/user-db-context';
import { stepRefusal } from './app-authority';
import { useFlow } from './flow-context';
import { useProfile } from './profile-store';

export function useStepRefusal(appId: string, action: Action): string | null {
  const db = useUserDb();
  const profile = useProfile();
  const flow = useFlow();
  const app = useApplication(db, appId)?.data;
  const role = productRoleOf(profile.role, profile.mfi_employee?.designation);
  return stepRefusal(action, { role, userId: profile.id, visitor: flow.visitor }, app);
}
