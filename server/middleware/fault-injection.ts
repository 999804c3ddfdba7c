import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../api-error';
import type { AppEnv } from '../app-env';
import type { Db, Queryable } from '../db/db';

/**
 * Test-only faults. Wired in only when a test passes `faults` to createApp; server/main.ts never does,
 * and no header, query or environment variable can turn them on.
 *
 * - `drop`: the request runs to the end (its effect and its idempotency record are committed), then
 *   the connection is cut: the client never hears the answer.
 * - `status`: answers `status` (5xx burst, 429 with Retry-After) without running the request, as an
 *   overloaded proxy would; with `afterCommit` the request runs first and the answer is replaced (a
 *   gateway that timed out on a backend which still finished).
 * - `delay`: waits `ms` (or until `until` settles) at a stage: `before` the request is looked at (it
 *   arrives late), in the `handler` (after the Idempotency-Key is claimed, so a retry meets it still in
 *   progress), or `after` it ran (the answer leaves late).
 * - `kill`: the process dies between receiving the request and committing its work. The request is
 *   received, its Idempotency-Key claimed, and the handler runs up to its first commit: the open
 *   transaction is rolled back (as Postgres does when a connection dies), a write outside a transaction
 *   never runs, and from then on nothing of this request reaches the database (a dead process releases no
 *   claim and stores no answer). The connection is cut. The claim stays `in_progress` until it is stale.
 * - `rollback`: the handler's first commit fails (a lost connection, a serialisation failure) but the
 *   process lives on: the transaction is rolled back, the server answers 500 and releases the claim.
 */
export type Fault =
  | { kind: 'drop' }
  | { kind: 'status'; status: number; retryAfterS?: number; afterCommit?: boolean }
  | { kind: 'delay'; stage: 'before' | 'handler' | 'after'; ms?: number; until?: Promise<unknown> }
  | { kind: 'kill' }
  | { kind: 'rollback' };

export type FaultRule = {
  fault: Fault;
  /** How many matching requests get it. */
  times: number;
  /** Which requests: by method and path (under /api, without the query). All mutating /api calls when absent. */
  match?: (method: string, path: string) => boolean;
};

export type FaultInjector = {
  add(rule: FaultRule): void;
  clear(): void;
  /** Every /api request seen, with the fault it got (null: none). */
  readonly seen: Array<{ method: string; path: string; fault: Fault['kind'] | null }>;
  /** Next fault for this request (consumes one of a rule's `times`). */
  take(method: string, path: string): Fault | null;
};

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function createFaultInjector(): FaultInjector {
  const rules: FaultRule[] = [];
  const seen: FaultInjector['seen'] = [];
  return {
    seen,
    add: (rule) => {
      rules.push({ ...rule });
    },
    clear: () => {
      rules.length = 0;
    },
    take(method, path) {
      const rule = rules.find((r) => r.times > 0 && (r.match ? r.match(method, path) : MUTATING.has(method)));
      if (rule) rule.times -= 1;
      seen.push({ method, path, fault: rule?.fault.kind ?? null });
      return rule?.fault ?? null;
    },
  };
}

const wait = (f: Extract<Fault, { kind: 'delay' }>) =>
  Promise.all([f.ms ? new Promise((r) => setTimeout(r, f.ms)) : null, f.until?.catch(() => undefined)]);

/** A body that fails while it is read: what a client sees when the connection resets mid-answer. */
const severed = () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new TypeError('connection reset (injected fault)'));
      },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );

/** Thrown at the commit point of a `kill` or `rollback` fault. */
export class InjectedCommitFailure extends Error {
  override name = 'InjectedCommitFailure';
}

const READ_ONLY = /^\s*(select|show)\b/i;

/**
 * The request's view of the database under a `kill` or `rollback` fault. Until `arm()` (called once the
 * Idempotency-Key is claimed) everything passes through. Armed, the first commit point fails: a
 * transaction runs its statements and is rolled back instead of committed; a write outside a transaction
 * is not run. With `dies`, every later call fails too: the process is gone.
 */
export function failingCommits(db: Db, dies: boolean): Db & { arm(): void } {
  let armed = false;
  let dead = false;
  const fail = (): never => {
    armed = false;
    if (dies) dead = true;
    throw new InjectedCommitFailure(dies ? 'process killed before commit (injected)' : 'commit failed (injected)');
  };
  const alive = () => {
    if (dead) throw new InjectedCommitFailure('process killed (injected)');
  };
  const inner = (q: Queryable): Queryable => ({
    query: async (sql, params) => {
      alive();
      return q.query(sql, params);
    },
    exec: async (sql) => {
      alive();
      return q.exec(sql);
    },
  });
  return {
    arm: () => {
      armed = true;
    },
    query: async (sql, params) => {
      alive();
      if (armed && !READ_ONLY.test(sql)) fail();
      return db.query(sql, params);
    },
    exec: async (sql) => {
      alive();
      if (armed) fail();
      return db.exec(sql);
    },
    tx: async (fn) => {
      alive();
      if (!armed) return db.tx(fn);
      return db.tx(async (q) => {
        await fn(inner(q));
        return fail();
      });
    },
    close: () => db.close(),
  };
}

/** Outermost: picks the request's fault and applies it, except what happens at the `handler` stage (see `handlerStage`). */
export const faultInjection =
  (faults: FaultInjector): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!c.req.path.startsWith('/api/')) return next();
    const fault = faults.take(c.req.method, c.req.path);
    if (!fault) return next();
    c.set('fault', fault);

    const injected = (status: number, retryAfterS?: number) =>
      new Response(JSON.stringify(errorBody(status, status === 429 ? 'Too many requests (injected)' : 'Service unavailable (injected)')), {
        status,
        headers: { 'content-type': 'application/json', ...(retryAfterS !== undefined ? { 'retry-after': String(retryAfterS) } : {}) },
      });
    // Hono copies the old answer's headers onto a new c.res; an injected answer must not carry them.
    const replace = (res: Response) => {
      c.res = undefined as unknown as Response;
      c.res = res;
    };
    const cut = () => {
      // Over a real socket (@hono/node-server) the connection is destroyed; in process the body errors.
      c.env?.outgoing?.destroy();
      c.env?.incoming?.socket?.destroy();
      replace(severed());
    };

    switch (fault.kind) {
      case 'status':
        if (fault.afterCommit) {
          await next();
          await c.res.arrayBuffer().catch(() => undefined);
        }
        replace(injected(fault.status, fault.retryAfterS));
        return;
      case 'delay':
        if (fault.stage === 'before') await wait(fault);
        await next();
        if (fault.stage === 'after') await wait(fault);
        return;
      case 'rollback':
      case 'kill': {
        const db = failingCommits(c.var.deps.db, fault.kind === 'kill');
        c.set('deps', { ...c.var.deps, db });
        c.set('armCommitFailure', db.arm);
        await next();
        if (fault.kind === 'rollback') return;
        await c.res.arrayBuffer().catch(() => undefined);
        cut();
        return;
      }
      case 'drop':
        await next();
        await c.res.arrayBuffer().catch(() => undefined);
        cut();
        return;
    }
  };

/**
 * Mounted after the idempotency middleware, so the key is claimed: a `handler` delay holds the request
 * here, and a `kill` or `rollback` fault arms its failing commit.
 */
export const handlerStage = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const fault = c.var.fault;
  if (fault?.kind === 'delay' && fault.stage === 'handler') await wait(fault);
  c.var.armCommitFailure?.();
  await next();
};
