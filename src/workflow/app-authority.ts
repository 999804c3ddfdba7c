// The client's reading of the authority table (contracts/authority.ts): the same table the server enforces decides
// which buttons, list actions and editable forms a screen shows, so no screen offers what the server would refuse.
import { type Action, type Actor, actorOf, appStateOf, decide, mayDo, type StateSource } from '../../contracts/authority';
import type { ProductRole } from '../../contracts/roles';
import { t } from '../i18n';

export type AuthorityApp = StateSource & { owner_user_id?: number | null };

/** The signed-in user's actor for one application (owner when they created it and are an initiating officer). */
export const actorFor = (role: ProductRole | null, app: AuthorityApp | undefined, userId: number | undefined): Actor | null =>
  actorOf({ isOwner: role === 'INITIATING_OFFICER' && userId !== undefined && app?.owner_user_id === userId, role });

/** True when the server would let this user do `action` to this application in its state. */
export const appMay = (action: Action, role: ProductRole | null, app: AuthorityApp | undefined, userId?: number) =>
  mayDo(action, actorFor(role, app, userId), appStateOf(app ?? {}));

/**
 * Why a step screen may not be submitted for this application by this user, in the server's words, or null when it
 * may (no screen offers what the server would refuse). A visitor works on its own application; an
 * application this phone created and the server has not answered yet (no owner known) is the officer's own.
 */
export function stepRefusal(
  action: Action,
  who: { role: ProductRole | null; userId: number; visitor: boolean },
  app: AuthorityApp | undefined,
): string | null {
  if (!app) return null;
  const owner = who.visitor || (who.role === 'INITIATING_OFFICER' && (app.owner_user_id === undefined || app.owner_user_id === who.userId));
  const state = appStateOf(app);
  const verdict = decide(action, actorOf({ isOwner: owner, role: who.role }), state);
  if (verdict.ok) return null;
  if (state === 'REJECTED') return t('This application was rejected: it can no longer change.');
  return verdict.status === 403 ? t('Your role cannot change this step of the application.') : t(verdict.message);
}
