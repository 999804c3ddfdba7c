import type { MiddlewareHandler } from 'hono';
import { errorBody } from '../api-error';
import type { AppEnv } from '../app-env';

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
 */
export type Fault =
  | { kind: 'drop' }
  | { kind: 'status'; status: number; retryAfterS?: number; afterCommit?: boolean }
  | { kind: 'delay'; stage: 'before' | 'handler' | 'after'; ms?: number; until?: Promise<unknown> };

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

/** Outermost: picks the request's fault and applies it, except a `handler` delay (see `handlerDelay`). */
export const faultInjection = (faults: FaultInjector): MiddlewareHandler<AppEnv> => async (c, next) => {
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
    case 'drop':
      await next();
      await c.res.arrayBuffer().catch(() => undefined);
      // Over a real socket (@hono/node-server) the connection is destroyed; in process the body errors.
      c.env?.outgoing?.destroy();
      c.env?.incoming?.socket?.destroy();
      replace(severed());
      return;
  }
};

/** Mounted after the idempotency middleware: a `handler` delay holds the request while its key is claimed. */
export const handlerDelay = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const fault = c.var.fault;
  if (fault?.kind === 'delay' && fault.stage === 'handler') await wait(fault);
  await next();
};
