import type { AppEnv, Caller } from '../app-env';
import { assertMayReach } from '../services/application-access';
import { requireCaller } from './session';

/**
 * The caller of a route a public visitor's flow uses: staff, or a guest, and a guest only for its own application.
 * Checked before the body is read, so a guest naming another application gets 403 whatever it sends.
 */
export function staffOrGuestFor(c: { var: AppEnv['Variables'] }, applicationId?: string): Caller {
  const caller = requireCaller(c, ['staff', 'guest']);
  if (applicationId !== undefined) assertMayReach(caller, applicationId);
  return caller;
}
