import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsFromEnv } from '../config';
import { call, makeTestServer, type TestServer } from '../test-helpers';
import { createFaultInjector } from './fault-injection';

describe('fault injection is for tests only', () => {
  it('a normal start cannot turn it on: main.ts (through instance.ts) passes no injector and no setting names one', () => {
    const main = readFileSync('server/main.ts', 'utf8') + readFileSync('server/instance.ts', 'utf8');
    expect(main).toMatch(/openInstance\(/);
    expect(main).not.toMatch(/fault/i);
    expect(main).toMatch(/createApp\(/);
    const env = { FAULTS: 'drop', FAULT_INJECTION: '1', NODE_ENV: 'test' } as NodeJS.ProcessEnv;
    expect(JSON.stringify(settingsFromEnv(env))).not.toMatch(/fault/i);
  });

  it('rules are consumed in order, only by the requests they match, and only `times` times', () => {
    const f = createFaultInjector();
    f.add({ fault: { kind: 'status', status: 503 }, times: 1, match: (m) => m === 'PATCH' });
    f.add({ fault: { kind: 'drop' }, times: 2 });
    expect(f.take('GET', '/api/main/v1/bank/list')).toBeNull();
    expect(f.take('POST', '/api/x')).toEqual({ kind: 'drop' });
    expect(f.take('PATCH', '/api/x')).toEqual({ kind: 'status', status: 503 });
    expect(f.take('PATCH', '/api/x')).toEqual({ kind: 'drop' });
    expect(f.take('PUT', '/api/x')).toBeNull();
    expect(f.seen.map((x) => x.fault)).toEqual([null, 'drop', 'status', 'drop', null]);
  });
});

describe('faults in process', () => {
  let s: TestServer;
  const faults = createFaultInjector();
  beforeAll(async () => {
    s = await makeTestServer({}, { faults });
  });
  afterAll(async () => {
    await s.close();
  });
  const sendOtp = () =>
    call(s.app, 'POST', '/v1/auth/send-otp', {
      json: { mobile: '9000000001', hostname: 'x' },
      headers: { 'Idempotency-Key': `k-${Math.random()}` },
    });
  const sessions = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM otp_sessions'))[0]?.n ?? 0;

  it('429 with Retry-After, without running the request', async () => {
    faults.add({ fault: { kind: 'status', status: 429, retryAfterS: 7 }, times: 1 });
    const before = await sessions();
    const r = await sendOtp();
    expect([r.status, r.res.headers.get('retry-after'), r.body.status_code]).toEqual([429, '7', 429]);
    expect(await sessions()).toBe(before);
  });

  it('a 502 after commit: the work is done, the answer replaced (and no stale headers carried over)', async () => {
    faults.add({ fault: { kind: 'status', status: 502, afterCommit: true }, times: 1 });
    const before = await sessions();
    const r = await sendOtp();
    expect(r.status).toBe(502);
    expect(r.res.headers.get('idempotent-replayed')).toBeNull();
    expect(await sessions()).toBe(before + 1);
  });

  it('drop: the work is committed and reading the answer fails like a reset connection', async () => {
    faults.add({ fault: { kind: 'drop' }, times: 1 });
    const before = await sessions();
    const res = await s.app.fetch(
      new Request('http://sahayog.localhost/api/main/v1/auth/send-otp', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile: '9000000001', hostname: 'x' }),
      }),
    );
    await expect(res.text()).rejects.toThrow(/connection reset/);
    expect(await sessions()).toBe(before + 1);
  });

  it('delay: the answer comes late', async () => {
    faults.add({ fault: { kind: 'delay', stage: 'after', ms: 150 }, times: 1 });
    const t = performance.now();
    expect((await sendOtp()).status).toBe(200);
    expect(performance.now() - t).toBeGreaterThanOrEqual(140);
  });
});
