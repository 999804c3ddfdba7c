// REQ-AUTH-12 for the public visitor: a 401 through the visitor's queue removes the dead guest token while
// the queue stays paused and intact (nothing failed or dropped); after the mobile is verified again the queue goes on
// and the server gets each step once. Real Dexie on fake-indexeddb, the real server in-process.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '../../contracts/auth';
import { guestTransport } from '../../src/app/guest-transport';
import { allOps } from '../../src/db/outbox';
import { createSyncEngine } from '../../src/sync/engine';
import { OP_CATALOGUE } from '../../src/sync/op-catalogue';
import { queueOp } from '../../src/sync/enqueue';
import { createFetchTransport } from '../../src/sync/transport';
import { type Harness, makeHarness } from './sync-harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h.close();
});

const HOST = 'http://sahayog.localhost/api/main';
const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
  (
    await h.fetch(
      new Request(`${HOST}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    )
  ).json();

/** The visitor verifies the mobile with the public OTP: the answer is the guest token and their application. */
async function verifyMobile(mobile: string): Promise<{ token: string; application_id: string }> {
  const sent = await post('/v1/otp/send', { mobile, hostname: 'sahayog.localhost' }, { [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE });
  return (await post('/v1/otp/verify', { session_id: sent.data.session_id, otp: '123456' })).data;
}

it("a 401 removes the visitor's dead guest token, keeps the queue paused and intact, and sends it once after verifying again", async () => {
  const db = h.newDb();
  const first = await verifyMobile('9812300019');
  const appId = first.application_id;
  let guest: string | null = first.token;

  const sentTokens: Array<string | null> = [];
  const transport = guestTransport(
    createFetchTransport({
      baseUrl: (api) => `http://sahayog.localhost/api/${api}`,
      getToken: () => guest,
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
        const req = new Request(input, init);
        sentTokens.push(req.headers.get('token'));
        return h.fetch(req);
      }) as typeof fetch,
    }),
    { current: () => guest, drop: () => (guest = null) },
  );
  const engine = createSyncEngine({ db, transport, random: () => 0 });

  // Two checks the visitor queued (the borrower form's PAN and voter id).
  await queueOp(db, {
    appId,
    kind: OP_CATALOGUE.verifyPan.kind,
    api: 'verification',
    method: 'POST',
    path: '/v1/verify_pan_lite',
    body: { pan: 'ABCDE1234F', application_id: appId },
  });
  await queueOp(db, {
    appId,
    kind: OP_CATALOGUE.verifyVoter.kind,
    api: 'verification',
    method: 'POST',
    path: '/v1/perfios/kyc/verify-voter-id',
    body: { voter_id: 'ABC1234567', reference: 'r1', application_id: appId },
  });

  // The guest token runs out on the server; the browser does not know yet.
  const out = await h.fetch(new Request(`${HOST}/v1/user/logout`, { method: 'PUT', headers: { token: first.token } }));
  expect(out.status).toBe(200);

  await engine.syncNow();
  expect(engine.status$.get().paused).toBe('auth');
  expect(guest).toBeNull();
  expect((await allOps(db)).map((o) => o.state)).toEqual(['queued', 'queued']);
  const sent = sentTokens.length;
  expect(sent).toBe(1);
  await engine.syncNow();
  expect(sentTokens.length).toBe(sent);

  // The visitor verifies the same mobile again (same application): the queue goes on with the new token, once each.
  const again = await verifyMobile('9812300019');
  expect(again.application_id).toBe(appId);
  guest = again.token;
  await engine.resumeAfterSignIn();
  expect((await allOps(db)).map((o) => [o.state, o.lastError?.message])).toEqual([
    ['done', undefined],
    ['done', undefined],
  ]);
  expect(sentTokens.slice(sent)).toEqual([again.token, again.token]);
  const rows = await h.server.db.query<{ data: { verified_pans?: Record<string, string> } }>(
    'SELECT data FROM applications WHERE id = $1',
    [appId],
  );
  expect(rows[0]?.data.verified_pans).toEqual({ ABCDE1234F: 'RAMESH KUMAR' });
});

it('a late 401 of a token the visitor already replaced removes nothing', async () => {
  let guest: string | null = 'new-token';
  const base = { request: async () => ({ status: 401, data: null, headers: new Headers() }) };
  const t = guestTransport(base, { current: () => guest, drop: () => (guest = null) });
  const late = t.request('main', 'PATCH', '/v1/x');
  guest = 'newer-token';
  await late;
  expect(guest).toBe('newer-token');
});
