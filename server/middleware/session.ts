import type { MiddlewareHandler } from 'hono';
import { TOKEN_HEADER } from '../../contracts/auth';
import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { AppEnv, Caller } from '../app-env';
import { resolveToken } from '../services/sessions';

/** Resolves the `token` header to a caller when present; routes that need one call `requireCaller`. */
export const resolveSession = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const token = c.req.header(TOKEN_HEADER);
  c.set('caller', null);
  if (!token) {
    c.set('authProblem', 'missing');
  } else {
    const r = await resolveToken(c.var.deps.db, token, c.var.tenantId, c.var.deps.config.now());
    if ('caller' in r) c.set('caller', r.caller);
    else c.set('authProblem', r.problem);
  }
  await next();
};

export function requireCaller(c: { var: AppEnv['Variables'] }, kinds: Caller['kind'][] = ['staff', 'guest']): Caller {
  const caller = c.var.caller;
  if (!caller) {
    throw new ApiError(401, c.var.authProblem === 'expired' ? SERVER_MSG.sessionExpired : SERVER_MSG.unauthorized);
  }
  if (!kinds.includes(caller.kind)) throw new ApiError(403, SERVER_MSG.forbidden);
  return caller;
}

export const requireAuth =
  (kinds?: Caller['kind'][]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    requireCaller(c, kinds);
    await next();
  };
