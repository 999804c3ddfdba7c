// The real sandbox server in process, a transport over its app.fetch with fault injection, and a fresh user db.
import 'fake-indexeddb/auto';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../server/app-env';
import { m002Applications } from '../../server/db/migrations/002-applications';
import { idempotency } from '../../server/middleware/idempotency';
import { resolveSession } from '../../server/middleware/session';
import { resolveTenant } from '../../server/middleware/tenant';
import { applicationRoutes } from '../../server/routes/applications';
import { onError } from '../../server/middleware/error-handler';
import { createDirFileStore } from '../../server/storage/file-store';
import { makeTestServer, signIn, type TestServer } from '../../server/test-helpers';
import { openUserDb, type UserDb } from '../../src/db/user-db';
import { kycDraftKey } from '../../src/features/kyc/kyc-step';
import { geoTagInfo } from '../../src/lib/geotag';
import { fileRef } from '../../src/sync/dependency';
import { queueOp } from '../../src/sync/enqueue';
import { createFetchTransport, type Transport } from '../../src/sync/transport';

const HOST = 'sahayog.localhost';

/**
 * What happens to one request: 'ok' passes, 'drop' fails before the server sees it, 'lose' lets the
 * server do the work then loses the answer, 'hang' lets the server do the work and never answers
 * (until the engine aborts), a number answers with that status without reaching the server.
 */
export type Fault = 'ok' | 'drop' | 'lose' | 'hang' | number;
export type FaultRule = { fault: Fault; times: number; match?: (method: string, path: string) => boolean };

export type Network = {
  offline: boolean;
  /** Faults applied to the next matching requests. */
  inject(rule: FaultRule): void;
  clearFaults(): void;
  calls: Array<{ method: string; path: string; fault: Fault; status?: number }>;
};

export type Harness = {
  server: TestServer;
  token: string;
  network: Network;
  fetch: (req: Request) => Promise<Response>;
  transport: Transport;
  newDb(): UserDb;
  signInAgain(): Promise<string>;
  events(appId?: string): Promise<Array<{ application_id: string; body: Record<string, unknown> }>>;
  close(): Promise<void>;
};

/** Until the lead mounts applicationRoutes in server/app.ts, serve them beside the app with the same middleware. */
async function applicationsFetch(server: TestServer): Promise<(req: Request) => Promise<Response>> {
  const [done] = await server.db.query('SELECT id FROM schema_migrations WHERE id=$1', [m002Applications.id]);
  if (!done) {
    await server.db.exec(m002Applications.sql);
    await server.db.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m002Applications.id]);
  }
  const probe = await server.app.fetch(new Request(`http://${HOST}/api/main/v1/app/mfi/count`));
  if (probe.status === 401) return (req) => Promise.resolve(server.app.fetch(req));
  const deps: Deps = {
    db: server.db,
    files: createDirFileStore(server.fileDir),
    config: server.config,
    log: { info: () => {}, error: () => {} },
  };
  const side = new Hono<AppEnv>();
  side.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  side.use('*', resolveTenant());
  side.use('/api/*', resolveSession(), idempotency());
  side.route('/api/main', applicationRoutes);
  side.onError(onError);
  return async (req) => (new URL(req.url).pathname.startsWith('/api/main/v1/app/mfi') ? side.fetch(req) : server.app.fetch(req));
}

let dbCount = 0;

export async function makeHarness(): Promise<Harness> {
  const server = await makeTestServer();
  const serverFetch = await applicationsFetch(server);
  let token = await signIn(server.app);
  const rules: FaultRule[] = [];
  const network: Network = {
    offline: false,
    calls: [],
    inject: (rule) => rules.push({ ...rule }),
    clearFaults: () => {
      rules.length = 0;
    },
  };

  const faultyFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const path = new URL(req.url).pathname.replace(/^\/api\/\w+/, '');
    let fault: Fault = network.offline ? 'drop' : 'ok';
    if (fault === 'ok') {
      const rule = rules.find((r) => r.times > 0 && (!r.match || r.match(req.method, path)));
      if (rule) {
        rule.times -= 1;
        fault = rule.fault;
      }
    }
    const call: Network['calls'][number] = { method: req.method, path, fault };
    network.calls.push(call);
    if (fault === 'drop') throw new TypeError('fetch failed (injected: network down)');
    if (typeof fault === 'number') {
      call.status = fault;
      return new Response(JSON.stringify({ success: false, message: `injected ${fault}`, status_code: fault }), {
        status: fault,
        headers: { 'content-type': 'application/json', ...(fault === 429 ? { 'retry-after': '0' } : {}) },
      });
    }
    const res = await serverFetch(req);
    call.status = res.status;
    if (fault === 'lose') {
      await res.arrayBuffer();
      throw new TypeError('fetch failed (injected: response lost)');
    }
    if (fault === 'hang') {
      await res.arrayBuffer();
      return new Promise((_, reject) => {
        const signal = init?.signal;
        if (signal?.aborted) reject(new DOMException('aborted', 'AbortError'));
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    return res;
  };

  const transport = createFetchTransport({
    baseUrl: (api) => `http://${HOST}/api/${api}`,
    getToken: () => token,
    fetch: faultyFetch as typeof fetch,
  });

  return {
    server,
    get token() {
      return token;
    },
    network,
    fetch: serverFetch,
    transport,
    newDb: () => openUserDb('sahayog', `it-${process.pid}-${++dbCount}-${Math.random().toString(36).slice(2)}`),
    async signInAgain() {
      token = await signIn(server.app);
      return token;
    },
    async events(appId) {
      return server.db.query(
        `SELECT application_id, body FROM application_events WHERE tenant_id='sahayog' ${appId ? 'AND application_id=$1' : ''} ORDER BY seq`,
        appId ? [appId] : [],
      );
    },
    close: () => server.close(),
  };
}

export const jpeg = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });

/** A step that names the photo by its local id until the upload answers (the outbox's file dependency). */
export async function patchPhoto(db: UserDb, appId: string, photoId: string) {
  const file = await db.files.get(photoId);
  return queueOp(
    db,
    {
      appId,
      kind: 'application.update',
      method: 'PATCH',
      path: `/v1/app/mfi/${appId}`,
      body: { photo_file: fileRef(photoId), photo_geo_tag_info: geoTagInfo(file!.geoTag) },
      label: 'Borrower photo details',
    },
    { draftKeyToClear: kycDraftKey(appId) },
  );
}
