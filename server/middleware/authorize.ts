import type { Context, MiddlewareHandler } from 'hono';
import type { Action } from '../../contracts/authority';
import { ApiError } from '../api-error';
import type { AppEnv, Caller } from '../app-env';
import { loadApplication } from '../services/application-store';
import { applicationOfChild, type ChildTable } from '../services/application-lookup';
import { authorize as decide } from '../services/authority';
import { staffOrGuestFor } from './application-caller';
import { requireCaller } from './session';

// Every write route declares, where it is defined, who may call it and what the authority table
// (server/services/authority.ts) decides for it. The caller is checked first (401; 403 for the wrong kind of token or a
// guest naming another application), before the body is read. `authorize(action)` then asks the table at the door, before the body is read, so a caller who may not write gets 403 / 409
// whatever it sends; `authorizeInService(action)` names the action a service asks on the locked row (the application is
// named in the body, or the write also creates it); `outsideAuthority(why)` marks a write that changes no application
// (sign-in, an OTP, a partner request). Every service asks again inside its transaction, on the locked row. A test
// reads the declarations back from the app's routes (server/routes/route-authority.test.ts).

/**
 * Who may call a route: a staff token; a guest token; a staff or guest token (a guest on its own application only); staff or a public
 * visitor (no token at all, or a guest token); or anyone.
 */
export type Who = 'staff' | 'guest' | 'staff or guest' | 'staff or public' | 'anyone';

/** A public visitor: no token at all, or a valid guest token. */
export const isPublic = (c: Context<AppEnv>) => (c.var.caller ? c.var.caller.kind === 'guest' : c.var.authProblem === 'missing');

export type Declared = { who: Who } & (
  | { actions: readonly [Action, ...Action[]]; decided: 'at the door' | 'in the service' }
  | { actions: readonly []; why: 'sign-in' | 'public visitor' | 'partner request' | 'calculation' | 'upload session' }
);

const DECLARED = new WeakMap<object, Declared>();

/** What a route's handler declared, or undefined for a handler that declares nothing. */
export const declaredOf = (handler: unknown): Declared | undefined => (typeof handler === 'function' ? DECLARED.get(handler) : undefined);

function declare(handler: MiddlewareHandler<AppEnv>, d: Declared): MiddlewareHandler<AppEnv> {
  DECLARED.set(handler, d);
  return handler;
}

/** The route's caller as its handler will ask for it (the same 401 / 403), or null for a route open to anyone. */
function callerOf(c: Context<AppEnv>, who: Who, appId?: string): Caller | null {
  if (who === 'anyone' || (who === 'staff or public' && isPublic(c))) return c.var.caller;
  if (who === 'staff' || who === 'guest') return requireCaller(c, [who]);
  return staffOrGuestFor(c, appId);
}

/** Where the application is named in the path: its own `:id`, or the id of a child row (co-applicant, family member). */
type Where = { param: 'id' } | { param: 'coId'; child: 'co_applicants' } | { param: 'fmId'; child: 'family_members' };

/**
 * The authority table at the door for a write whose path names its application. Runs inside the idempotency layer: a
 * replay of an accepted write still gets its stored first answer. A missing application or child is the route's to
 * answer (its own 404).
 */
export function authorize(action: Action, who: Exclude<Who, 'anyone'>, where: Where = { param: 'id' }): MiddlewareHandler<AppEnv> {
  const child: ChildTable | null = 'child' in where ? where.child : null;
  return declare(
    async (c, next) => {
      const id = c.req.param(where.param);
      const caller = callerOf(c, who, child ? undefined : id);
      if (!caller || !id) return next();
      const { db } = c.var.deps;
      const appId = child ? await applicationOfChild(db, caller.tenantId, child, id) : id;
      if (!appId) return next();
      try {
        await decide(db, caller, await loadApplication(db, caller, appId), action);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return next();
        throw err;
      }
      return next();
    },
    { who, actions: [action], decided: 'at the door' },
  );
}

const callerOnly =
  (who: Who, param?: string): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    callerOf(c, who, param ? c.req.param(param) : undefined);
    return next();
  };

/**
 * The action a service asks on the locked row (one of `actions`, by what the body asks), for a write that names its
 * application in the body or also creates it; `param`: the path's application id a guest must own.
 */
export const authorizeInService = (actions: Action | readonly [Action, ...Action[]], who: Exclude<Who, 'anyone'>, param?: 'id') =>
  declare(callerOnly(who, param), { who, actions: typeof actions === 'string' ? [actions] : actions, decided: 'in the service' });

/**
 * A write the authority table does not decide: it changes no application (sign-in, a partner request, a calculation,
 * an upload session's bytes) or opens a public visitor's own (its OTP).
 */
export const outsideAuthority = (why: Extract<Declared, { actions: readonly [] }>['why'], who: Who) =>
  declare(callerOnly(who), { who, actions: [], why });
