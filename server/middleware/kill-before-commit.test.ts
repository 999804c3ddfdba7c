// "Process kill between receiving and committing" (test-only `kill` fault): instance A receives a
// request, claims its Idempotency-Key, runs the handler up to the commit and dies there. Its open
// transaction is rolled back, nothing else of the request reaches the database and the client's
// connection is cut. The client retries with the same key (on instance B, as a load balancer would send
// it): while A's claim is fresh the answer is 409 (in progress) and nothing runs; once the claim is stale
// (config.idempotencyStaleClaimMs, 5 minutes by default) B takes it over and the write lands exactly once.
// A commit that fails while the process lives on (`rollback`) answers 500 and releases the claim, so
// there the retry lands at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../contracts/messages';
import { ERROR_CODE } from '../../contracts/envelope';
import { blob, call, form, jpegBytes, type TestServer, twoInstances } from '../test-helpers';
import type { FaultInjector } from './fault-injection';

let s: TestServer;
let a: TestServer['app'];
let b: TestServer['app'];
let faultsA: FaultInjector;
let token: string;

beforeAll(async () => {
  ({ s, a, b, faultsA, token } = await twoInstances());
});
afterAll(async () => {
  await s.close();
});

const HOST = 'sahayog.localhost';
/** A send whose answer never arrives: the body read fails like a reset connection. */
async function sendKilled(app: TestServer['app'], method: string, path: string, key: string, body: BodyInit, json = true) {
  const res = await app.fetch(
    new Request(`http://${HOST}/api/main${path}`, {
      method,
      body,
      headers: { token, 'Idempotency-Key': key, ...(json ? { 'content-type': 'application/json' } : {}) },
    }),
  );
  await expect(res.text()).rejects.toThrow(/connection reset/);
}
const claim = async (key: string) =>
  (await s.db.query<{ state: string }>('SELECT state FROM idempotency_keys WHERE key=$1', [key]))[0]?.state ?? null;
const events = async (id: string) =>
  (
    await s.db.query<{ body: Record<string, unknown> }>('SELECT body FROM application_events WHERE application_id=$1 ORDER BY seq', [id])
  ).map((e) => e.body);
const appData = async (id: string) => (await call(b, 'GET', `/v1/app/mfi/${id}`, { token })).body.data;

describe('process killed between receiving a request and committing it', () => {
  it('merge-patch: rolled back, the key stays claimed (409) until stale, then the retry lands exactly once', async () => {
    const id = '1'.repeat(32);
    expect((await call(a, 'PUT', `/v1/app/mfi/${id}`, { token, json: { phone: '9876543210' } })).status).toBe(201);
    const patch = { purpose: 'business', years_of_residence: 12 };

    faultsA.add({ fault: { kind: 'kill' }, times: 1, match: (m) => m === 'PATCH' });
    await sendKilled(a, 'PATCH', `/v1/app/mfi/${id}`, 'kill-patch', JSON.stringify(patch));
    // The UPDATE and the event ran inside the transaction; neither was committed.
    expect(await events(id)).toEqual([]);
    expect((await appData(id)).purpose).toBeUndefined();
    // A dead process releases nothing: the claim it made on receipt is still there.
    expect(await claim('kill-patch')).toBe('in_progress');

    // The client's retry, same key, meets the orphaned claim: 409, and still no effect.
    const early = await call(b, 'PATCH', `/v1/app/mfi/${id}`, { token, json: patch, headers: { 'Idempotency-Key': 'kill-patch' } });
    expect(early.body).toEqual({
      success: false,
      message: SERVER_MSG.idempotencyInProgress,
      status_code: 409,
      code: ERROR_CODE.stillInProgress,
    });
    s.advance(s.config.idempotencyStaleClaimMs - 10_000);
    expect((await call(b, 'PATCH', `/v1/app/mfi/${id}`, { token, json: patch, headers: { 'Idempotency-Key': 'kill-patch' } })).status).toBe(
      409,
    );
    expect(await events(id)).toEqual([]);

    // Once the claim is stale the retry takes it over and runs: one effect; later retries replay it.
    s.advance(20_000);
    const retry = await call(b, 'PATCH', `/v1/app/mfi/${id}`, { token, json: patch, headers: { 'Idempotency-Key': 'kill-patch' } });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.data.purpose).toBe('business');
    const again = await call(a, 'PATCH', `/v1/app/mfi/${id}`, { token, json: patch, headers: { 'Idempotency-Key': 'kill-patch' } });
    expect(again.body).toEqual(retry.body);
    expect(again.res.headers.get('idempotent-replayed')).toBe('true');
    expect(await events(id)).toEqual([patch]);
    expect(await claim('kill-patch')).toBe('done');
  });

  it('create (a write outside a transaction) and upload: nothing committed, then exactly once after takeover', async () => {
    const id = '2'.repeat(32);
    faultsA.add({ fault: { kind: 'kill' }, times: 2 });
    await sendKilled(a, 'PUT', `/v1/app/mfi/${id}`, 'kill-put', JSON.stringify({ phone: '9876543211' }));
    const upload = () => form({ file: blob(jpegBytes()), file_type: 'SHOP_PHOTO', application_id: id, name_prefix: 'killed' });
    await sendKilled(a, 'POST', '/v1/file/upload', 'kill-upload', upload(), false);
    expect((await call(b, 'GET', `/v1/app/mfi/${id}`, { token })).status).toBe(404);
    const files = async () => (await s.db.query('SELECT id FROM files WHERE application_id=$1', [id])).length;
    expect(await files()).toBe(0);
    expect([await claim('kill-put'), await claim('kill-upload')]).toEqual(['in_progress', 'in_progress']);

    s.advance(s.config.idempotencyStaleClaimMs + 1000);
    const put = await call(b, 'PUT', `/v1/app/mfi/${id}`, {
      token,
      json: { phone: '9876543211' },
      headers: { 'Idempotency-Key': 'kill-put' },
    });
    expect(put.status).toBe(201);
    const up = await call(b, 'POST', '/v1/file/upload', { token, body: upload(), headers: { 'Idempotency-Key': 'kill-upload' } });
    expect(up.status).toBe(200);
    const upAgain = await call(a, 'POST', '/v1/file/upload', { token, body: upload(), headers: { 'Idempotency-Key': 'kill-upload' } });
    expect(upAgain.body.data.file_id).toBe(up.body.data.file_id);
    expect(await files()).toBe(1);
  });

  it('a failed commit in a live process answers 500 and releases the key: the retry lands at once, once', async () => {
    const id = '3'.repeat(32);
    expect((await call(a, 'PUT', `/v1/app/mfi/${id}`, { token, json: { phone: '9876543212' } })).status).toBe(201);
    faultsA.add({ fault: { kind: 'rollback' }, times: 1, match: (m) => m === 'PATCH' });
    const send = () =>
      call(a, 'PATCH', `/v1/app/mfi/${id}`, { token, json: { purpose: 'kyc' }, headers: { 'Idempotency-Key': 'rollback-patch' } });
    const failed = await send();
    expect(failed.status).toBe(500);
    expect(await events(id)).toEqual([]);
    expect(await claim('rollback-patch')).toBeNull();
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(await events(id)).toEqual([{ purpose: 'kyc' }]);
  });
});
