// Two app instances on one database (a second connection pool on Postgres, the same PGlite otherwise),
// as two server processes behind a load balancer: the Idempotency-Key record lives in the database,
// so a retry that lands on the other instance still has one effect and gets the same answer.
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

const APP_ID = 'd'.repeat(32);
const filesWithPrefix = async (prefix: string) =>
  (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files WHERE name_prefix=$1', [prefix]))[0]?.n ?? 0;
// A fresh FormData per send, as a real retry: a new multipart boundary, the same fields and bytes.
const upload = (app: TestServer['app'], key: string, prefix: string) =>
  call(app, 'POST', '/v1/file/upload', {
    token,
    headers: { 'Idempotency-Key': key },
    body: form({ file: blob(jpegBytes()), file_type: 'KYC', application_id: APP_ID, name_prefix: prefix }),
  });

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((r) => {
    release = r;
  });
  return { promise, release };
}

describe(`Idempotency-Key across two instances on one database`, () => {
  it('the token of one instance works on the other (sessions are in the database)', async () => {
    expect((await call(b, 'GET', '/v1/user/me', { token })).status).toBe(200);
  });

  it('concurrent requests with one key on both instances: one effect, every success the same answer', async () => {
    const sends = Array.from({ length: 8 }, (_, i) => upload(i % 2 ? b : a, 'race-key-1', 'race1'));
    const results = await Promise.all(sends);
    for (const r of results) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => JSON.stringify(r.body))).size).toBe(1);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body).toEqual({
        success: false,
        message: SERVER_MSG.idempotencyInProgress,
        status_code: 409,
        code: ERROR_CODE.stillInProgress,
      });
    }
    expect(await filesWithPrefix('race1')).toBe(1);
    // Once settled, both instances replay the stored answer byte for byte.
    const [ra, rb] = [await upload(a, 'race-key-1', 'race1'), await upload(b, 'race-key-1', 'race1')];
    expect(await ra.res.clone().text()).toBe(await rb.res.clone().text());
    expect(ra.body).toEqual(ok[0]?.body);
    expect([ra.res.headers.get('idempotent-replayed'), rb.res.headers.get('idempotent-replayed')]).toEqual(['true', 'true']);
    expect(await filesWithPrefix('race1')).toBe(1);
  });

  it('still in progress on one instance → 409 on the other; after it finishes the other replays it', async () => {
    const gate = deferred();
    faultsA.add({ fault: { kind: 'delay', stage: 'handler', until: gate.promise }, times: 1 });
    const first = upload(a, 'slow-key', 'slow');
    // Wait until instance A has claimed the key and is held inside the handler.
    for (let i = 0; i < 200; i += 1) {
      const rows = await s.db.query<{ state: string }>(`SELECT state FROM idempotency_keys WHERE key='slow-key'`);
      if (rows[0]?.state === 'in_progress') break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const meanwhile = await upload(b, 'slow-key', 'slow');
    expect(meanwhile.body).toEqual({
      success: false,
      message: SERVER_MSG.idempotencyInProgress,
      status_code: 409,
      code: ERROR_CODE.stillInProgress,
    });
    expect(await filesWithPrefix('slow')).toBe(0);
    gate.release();
    const done = await first;
    expect(done.status).toBe(200);
    const retry = await upload(b, 'slow-key', 'slow');
    expect(retry.body).toEqual(done.body);
    expect(await filesWithPrefix('slow')).toBe(1);
  });

  it('same key with a different body on the other instance → 422, and no second effect', async () => {
    const first = await upload(a, 'mismatch-key', 'mm1');
    expect(first.status).toBe(200);
    const other = await upload(b, 'mismatch-key', 'mm2');
    expect(other.body).toEqual({ success: false, message: SERVER_MSG.idempotencyMismatch, status_code: 422 });
    expect(await filesWithPrefix('mm2')).toBe(0);
  });

  it('an instance that died holding a key: after 5 minutes the other takes the request over', async () => {
    const gate = deferred();
    faultsA.add({ fault: { kind: 'delay', stage: 'handler', until: gate.promise }, times: 1 });
    const stuck = upload(a, 'crash-key', 'crash');
    for (let i = 0; i < 200; i += 1) {
      if ((await s.db.query(`SELECT 1 FROM idempotency_keys WHERE key='crash-key'`)).length) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect((await upload(b, 'crash-key', 'crash')).status).toBe(409);
    s.advance(5 * 60 * 1000 + 1000);
    const takeover = await upload(b, 'crash-key', 'crash');
    expect(takeover.status).toBe(200);
    expect(await filesWithPrefix('crash')).toBe(1);
    // The "dead" instance wakes up late: the key belongs to B now, so A neither overwrites nor releases B's
    // record (every later write is conditional on A's claim id), and the lost claim is logged as an error.
    gate.release();
    await stuck;
    expect((await upload(a, 'crash-key', 'crash')).body).toEqual(takeover.body);
    expect((await upload(b, 'crash-key', 'crash')).body).toEqual(takeover.body);
    expect(s.logs.some((l) => l.error === 'IdempotencyClaimLost')).toBe(true);
  });

  it('a merge-patch sent to both instances at once with one key is applied once', async () => {
    const id = 'e'.repeat(32);
    const put = await call(a, 'PUT', `/v1/app/mfi/${id}`, { token, json: { phone: '9876543210' } });
    expect(put.status, JSON.stringify(put.body)).toBeLessThan(300);
    const patch = (app: TestServer['app']) =>
      call(app, 'PATCH', `/v1/app/mfi/${id}`, { token, json: { purpose: 'once' }, headers: { 'Idempotency-Key': 'patch-key' } });
    const results = await Promise.all([patch(a), patch(b), patch(a), patch(b)]);
    expect(results.some((r) => r.status === 200)).toBe(true);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const events = await s.db.query('SELECT seq FROM application_events WHERE application_id=$1', [id]);
    expect(events).toHaveLength(1);
  });
});
