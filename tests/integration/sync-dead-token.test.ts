// REQ-AUTH-12: a 401 through the queue removes the dead token (memory and seal) while the queue stays paused
// and intact; after a new sign-in the queue goes on and the server gets each op once. Real Dexie, the real server.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../src/api/credentials';
import { allOps } from '../../src/db/outbox';
import type { UserDb } from '../../src/db/user-db';
import { dropDeadToken, openSession, sealChanges, TOKEN_META } from '../../src/session/session-seal';
import { newApplicationId } from '../../src/lib/ids';
import { createSyncEngine } from '../../src/sync/engine';
import { queueOp } from '../../src/sync/enqueue';
import { createFetchTransport } from '../../src/sync/transport';
import { type Harness, makeHarness } from './sync-harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  setToken(null);
  await h.close();
});

const sealed = async (db: UserDb) => (await db.meta.get(TOKEN_META))?.value;

it('a 401 through the queue removes the dead token, keeps the queue paused and intact, and sends it once after sign-in', async () => {
  const db = h.newDb();
  setToken(h.token);
  await openSession(db);
  const stopSealing = sealChanges(db);
  expect(await sealed(db)).toBe(h.token);

  const a = newApplicationId();
  const b = newApplicationId();
  const op = (appId: string, kind: 'application.create' | 'application.update', body: unknown) =>
    queueOp(db, { appId, kind, method: kind === 'application.create' ? 'PUT' : 'PATCH', path: `/v1/app/mfi/${appId}`, body });
  await op(a, 'application.create', { phone: '9876500001', loan_type: 'MFI_BUSINESS_LOAN' });
  await op(a, 'application.update', { purpose: 'stock' });
  await op(b, 'application.create', { phone: '9876500002', loan_type: 'MFI_BUSINESS_LOAN' });

  // The server ends this sign-in; the phone does not know yet.
  const dead = h.token;
  const out = await h.fetch(new Request('http://sahayog.localhost/api/main/v1/user/logout', { method: 'PUT', headers: { token: dead } }));
  expect(out.status).toBe(200);

  const sentTokens: Array<string | null> = [];
  const transport = createFetchTransport({
    baseUrl: (api) => `http://sahayog.localhost/api/${api}`,
    getToken,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      sentTokens.push(req.headers.get('token'));
      return h.fetch(req);
    }) as typeof fetch,
  });
  let dropping: Promise<void> = Promise.resolve();
  const engine = createSyncEngine({ db, transport, random: () => 0, onAuthRequired: () => (dropping = dropDeadToken(db)) });

  await engine.syncNow();
  await dropping;
  expect(engine.status$.get().paused).toBe('auth');
  expect(getToken()).toBeNull();
  expect(await sealed(db)).toBeUndefined();
  const ops = await allOps(db);
  expect(ops).toHaveLength(3);
  expect(ops.map((o) => o.state)).toEqual(['queued', 'queued', 'queued']);
  expect(await h.events(a)).toHaveLength(0);

  // Paused: nothing more goes out, with or without a token.
  const sent = sentTokens.length;
  await engine.syncNow();
  expect(sentTokens.length).toBe(sent);

  // The officer signs in again (OTP): the new token is sealed, the queue goes on, each op reaches the server once.
  const fresh = await h.signInAgain();
  setToken(fresh);
  await vi.waitFor(async () => expect(await sealed(db)).toBe(fresh));
  await engine.resumeAfterSignIn();
  expect((await allOps(db)).map((o) => o.state)).toEqual(['done', 'done', 'done']);
  expect(sentTokens.slice(sent).every((t) => t === fresh)).toBe(true);
  expect(await h.events(a)).toHaveLength(1);
  const rows = await h.server.db.query('SELECT id FROM applications WHERE id = ANY($1)', [[a, b]]);
  expect(rows).toHaveLength(2);
  stopSealing();
});
