// The client's reading of the authority table (contracts/authority.ts): the same table the server enforces decides
// which buttons, list actions and editable forms a screen shows, so no screen offers what the server would refuse.
import { type Action, type Actor, actorOf, appStateOf, mayDo, type StateSource } from '../../contracts/authority';
import type { ProductRole } from '../../contracts/roles';

export type AuthorityApp = StateSource & { owner_user_id?: number | null };

/** The signed-in user's actor for one application (owner when they created it and are an initiating officer). */
export const actorFor = (role: ProductRole | null, app: AuthorityApp | undefined, userId: number | undefined): Actor | null =>
  actorOf({ isOwner: role === 'INITIATING_OFFICER' && userId !== undefined && app?.owner_user_id === userId, role });

/** True when the server would let this user do `action` to this application in its state. */
export const appMay = (action: Action, role: ProductRole | null, app: AuthorityApp | undefined, userId?: number) =>
  mayDo(action, actorFor(role, app, userId), appStateOf(app ?? {}));
