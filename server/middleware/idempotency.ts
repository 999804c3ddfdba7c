import type { MiddlewareHandler } from 'hono';
import { ERROR_CODE } from '../../contracts/envelope';
import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import { randomHex, sha256Hex } from '../crypto-utils';

/** The first request with this key is still running: the client waits and sends again, by this code (never the message). */
const IN_PROGRESS = { code: ERROR_CODE.stillInProgress };

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
export const IDEMPOTENCY_KEEP_MS = 7 * 24 * 3600 * 1000;
/** Transient answers that a retry with the same key must be allowed to redo. */
const NOT_STORED = new Set([401, 408, 429]);

/**
 * Request fingerprint: method, path and body bytes. A multipart boundary is random per send, so it is
 * replaced by a fixed marker first; otherwise a retried upload would never match its first attempt.
 */
export function requestHash(method: string, path: string, body: Uint8Array, contentType?: string | null): string {
  let bytes: Uint8Array | string = body;
  const boundary = contentType?.match(/^multipart\/form-data;.*boundary="?([^";]+)"?/i)?.[1];
  if (boundary) bytes = Buffer.from(body).toString('latin1').split(`--${boundary}`).join('--BOUNDARY');
  return sha256Hex(`${method}\n${path}\n`) + sha256Hex(bytes);
}

/**
 * Interactive Aadhaar OTP calls are never recorded: their body holds the full Aadhaar number, and even a hash of
 * it (10^12 candidates) must not be kept. A repeat only sends or checks an OTP again, which its own limits cover.
 */
const NOT_RECORDED = [/\/v1\/request_aadhaar_otp$/, /\/v1\/submit_aadhaar_otp$/];

type Row = { request_hash: string; state: string; status: number | null; content_type: string | null; body: string | null };

/** Whether a method and path name a write route of the app (its router's own patterns, from `app.routes`). */
export type WriteRoutes = (method: string, path: string) => boolean;

/** A Hono route pattern as a regular expression: `:id{re}` → (re) (braces nest), `:id` → one segment. */
function patternRegExp(path: string): RegExp {
  let out = '';
  let i = 0;
  while (i < path.length) {
    if (path[i] !== ':') {
      out += path[i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i += 1;
      continue;
    }
    i += 1;
    while (i < path.length && /[A-Za-z0-9_]/.test(path[i]!)) i += 1;
    if (path[i] !== '{') {
      out += '[^/]+';
      continue;
    }
    let depth = 0;
    let re = '';
    for (; i < path.length; i += 1) {
      if (path[i] === '{') depth += 1;
      if (path[i] === '}') depth -= 1;
      if (depth === 0) break;
      if (!(depth === 1 && path[i] === '{')) re += path[i];
    }
    i += 1;
    out += `(?:${re})`;
  }
  return new RegExp(`^${out}$`);
}

export function writeRouteMatcher(routes: readonly { method: string; path: string }[]): WriteRoutes {
  const compiled = routes
    .filter((r) => MUTATING.has(r.method) && !r.path.includes('*'))
    .map((r) => ({ method: r.method, re: patternRegExp(r.path) }));
  return (method, path) => compiled.some((r) => r.method === method && r.re.test(path));
}

/**
 * Only a request to a known write route with a key is recorded (an unknown path's key would keep a row for 7 days
 * for nothing); the body was already bounded by the route's limit (server/middleware/body-size.ts) before it is hashed.
 */
export const idempotency =
  (writeRoutes: () => WriteRoutes = () => () => true): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined || !MUTATING.has(c.req.method) || NOT_RECORDED.some((p) => p.test(c.req.path))) return next();
    if (!writeRoutes()(c.req.method, c.req.path)) return next();
    if (!KEY_PATTERN.test(key)) throw new ApiError(400, 'Invalid Idempotency-Key');

    const { db, config } = c.var.deps;
    const tenant = c.var.tenantId;
    const scope = c.var.caller?.subject ?? 'anon';
    const body = new Uint8Array(await c.req.arrayBuffer());
    const hash = requestHash(c.req.method, c.req.path, body, c.req.header('content-type'));
    const now = config.now();
    const ids = [tenant, scope, key];
    const claimId = randomHex(16);

    const claim = async () => {
      await db.query(
        `DELETE FROM idempotency_keys WHERE tenant_id=$1 AND scope=$2 AND key=$3
         AND (created_at < $4::timestamptz OR (state='in_progress' AND created_at < $5::timestamptz))`,
        [
          ...ids,
          new Date(now.getTime() - IDEMPOTENCY_KEEP_MS).toISOString(),
          new Date(now.getTime() - config.idempotencyStaleClaimMs).toISOString(),
        ],
      );
      const got = await db.query(
        `INSERT INTO idempotency_keys (tenant_id, scope, key, request_hash, state, created_at, claim_id)
       VALUES ($1,$2,$3,$4,'in_progress',$5::timestamptz,$6) ON CONFLICT DO NOTHING RETURNING key`,
        [...ids, hash, now.toISOString(), claimId],
      );
      return got.length === 1;
    };

    if (!(await claim())) {
      const [row] = await db.query<Row>(
        'SELECT request_hash, state, status, content_type, body FROM idempotency_keys WHERE tenant_id=$1 AND scope=$2 AND key=$3',
        ids,
      );
      if (!row) throw new ApiError(409, SERVER_MSG.idempotencyInProgress, IN_PROGRESS);
      if (row.request_hash !== hash) throw new ApiError(422, SERVER_MSG.idempotencyMismatch);
      if (row.state !== 'done') throw new ApiError(409, SERVER_MSG.idempotencyInProgress, IN_PROGRESS);
      return new Response(row.body, {
        status: row.status ?? 200,
        headers: { 'content-type': row.content_type ?? 'application/json', 'idempotent-replayed': 'true' },
      });
    }

    // Every later write is conditional on still owning the claim: a claim taken over as stale belongs to another instance.
    const release = () =>
      db.query('DELETE FROM idempotency_keys WHERE tenant_id=$1 AND scope=$2 AND key=$3 AND claim_id=$4', [...ids, claimId]);
    try {
      await next();
    } catch (err) {
      await release();
      throw err;
    }
    const status = c.res.status;
    // A route whose answer is a secret (a new login token) never has it stored in clear: the key is only a lock.
    if (status >= 500 || NOT_STORED.has(status) || c.var.idempotencyNoStore) {
      await release();
      return;
    }
    const text = await c.res.clone().text();
    const stored = await db.query(
      `UPDATE idempotency_keys SET state='done', status=$4, content_type=$5, body=$6
     WHERE tenant_id=$1 AND scope=$2 AND key=$3 AND claim_id=$7 RETURNING key`,
      [...ids, status, c.res.headers.get('content-type'), text, claimId],
    );
    if (stored.length === 0) {
      // This request ran past config.idempotencyStaleClaimMs and another took the key over: its effect may be doubled.
      c.var.deps.log.error({ t: new Date().toISOString(), req_id: c.var.reqId, level: 'error', error: 'IdempotencyClaimLost', status });
    }
  };
