// OTP abuse beyond the single-request cases of server/routes/auth.test.ts: boundaries, concurrent
// floods (on one instance and across two on one database), and spoofed client addresses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../contracts/messages';
import { call, makeTestServer, sendOtp, type TestServer } from '../test-helpers';

type App = TestServer['app'];
const servers: TestServer[] = [];
async function server(overrides: Parameters<typeof makeTestServer>[0] = {}) {
  const s = await makeTestServer(overrides);
  servers.push(s);
  return s;
}
afterAll(async () => {
  for (const s of servers) await s.close();
});

const verify = (app: App, session_id: string, otp: string) => call(app, 'POST', '/v1/auth/verify-otp', { json: { session_id, otp } });
const sendFrom = (app: App, mobile: string, ip: string) =>
  call(app, 'POST', '/v1/auth/send-otp', {
    json: { mobile, hostname: 'x' },
    headers: { 'x-client-type': 'web', 'x-forwarded-for': `${ip}, 10.0.0.1` },
  });
const statuses = (rs: { status: number }[]) => rs.map((r) => r.status).sort((x, y) => x - y);

let s: TestServer;
let b: App;
beforeAll(async () => {
  s = await server();
  b = (await s.anotherInstance()).app;
});

describe('OTP expiry (10 minutes)', () => {
  it.each([
    ['9 min 59 s', 599_000, 200, SERVER_MSG.otpVerified],
    ['exactly 10 min', 600_000, 400, SERVER_MSG.otpExpired],
    ['an hour', 3_600_000, 400, SERVER_MSG.otpExpired],
  ])('a code verified after %s → %i', async (_n, ms, status, message) => {
    const id = (await sendOtp(s.app, '9000000001')).body.data.session_id;
    s.advance(ms);
    const r = await verify(s.app, id, '123456');
    expect([r.status, r.body.message]).toEqual([status, message]);
  });
});

describe('wrong codes', () => {
  it.each([
    [4, 200, SERVER_MSG.otpVerified],
    [5, 429, SERVER_MSG.otpLocked],
    [9, 429, SERVER_MSG.otpLocked],
  ])('%i wrong codes, then the right one → %i', async (wrong, status, message) => {
    const id = (await sendOtp(s.app, '9000000002')).body.data.session_id;
    for (let i = 0; i < wrong; i += 1) await verify(s.app, id, String(100000 + i));
    const r = await verify(s.app, id, '123456');
    expect([r.status, r.body.message]).toEqual([status, message]);
  });

  it('30 wrong guesses fired at once on two instances still lock the session: the right code is refused after', async () => {
    const id = (await sendOtp(s.app, '9000000003')).body.data.session_id;
    const guesses = Array.from({ length: 30 }, (_, i) => verify(i % 2 ? b : s.app, id, String(200000 + i)));
    const rs = await Promise.all(guesses);
    expect(rs.every((r) => r.status === 400 || r.status === 429)).toBe(true);
    expect(rs.filter((r) => r.status === 400).length).toBeLessThanOrEqual(4);
    const [row] = await s.db.query<{ wrong_attempts: number; locked_at: unknown }>(
      'SELECT wrong_attempts, locked_at FROM otp_sessions WHERE id=$1',
      [id],
    );
    expect(row?.locked_at).toBeTruthy();
    const right = await verify(b, id, '123456');
    expect([right.status, right.body.message]).toEqual([429, SERVER_MSG.otpLocked]);
  });

  it('a right code that loses the race to the fifth wrong one is told the session is locked, and it stays closed', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = (await sendOtp(s.app, '9000000004')).body.data.session_id;
      const rs = await Promise.all([
        ...Array.from({ length: 8 }, (_, i) => verify(i % 2 ? b : s.app, id, String(300000 + i))),
        verify(b, id, '123456'),
      ]);
      const won = rs.at(-1)!;
      const [row] = await s.db.query<{ wrong_attempts: number; used_at: unknown }>(
        'SELECT wrong_attempts, used_at FROM otp_sessions WHERE id=$1',
        [id],
      );
      if (won.status === 200) expect(row?.used_at).toBeTruthy();
      else expect([won.status, won.body.message]).toEqual([429, SERVER_MSG.otpLocked]);
      // Either way the session is now closed to any code.
      expect((await verify(s.app, id, '123456')).status).not.toBe(200);
    }
  });
});

describe('single use', () => {
  it('the right code sent 6 times at once on two instances signs in exactly once', async () => {
    const id = (await sendOtp(s.app, '9000000005')).body.data.session_id;
    const before = (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions'))[0]?.n ?? 0;
    const rs = await Promise.all(Array.from({ length: 6 }, (_, i) => verify(i % 2 ? b : s.app, id, '123456')));
    expect(statuses(rs)).toEqual([200, 400, 400, 400, 400, 400]);
    for (const r of rs.filter((x) => x.status === 400)) expect(r.body.message).toBe(SERVER_MSG.otpUsed);
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions'))[0]?.n).toBe(before + 1);
  });

  it('stores only a salted hash of the code, never the code', async () => {
    const id = (await sendOtp(s.app, '9000000001')).body.data.session_id;
    const [row] = await s.db.query<Record<string, unknown>>('SELECT * FROM otp_sessions WHERE id=$1', [id]);
    expect(JSON.stringify(row)).not.toContain('123456');
  });
});

describe('send / resend rate limits', () => {
  it('12 sends for one mobile at once on two instances: exactly 5 pass (the count is locked, not raced)', async () => {
    const t = await server({ otpMaxPerMobile: 5, otpMaxPerIp: 1000 });
    const other = (await t.anotherInstance()).app;
    const rs = await Promise.all(Array.from({ length: 12 }, (_, i) => sendOtp(i % 2 ? other : t.app, '9000000001')));
    expect(statuses(rs)).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    for (const r of rs.filter((x) => x.status === 429)) expect(r.body.message).toBe(SERVER_MSG.otpRateLimited);
    // The same mobile on another tenant has its own count.
    expect((await sendOtp(t.app, '9000000001', 'udaan.localhost')).status).toBe(200);

    // Resends count like sends; a refused resend leaves the code as it was.
    const id = (await sendOtp(t.app, '9000000003')).body.data.session_id;
    for (let i = 0; i < 4; i += 1)
      expect((await call(t.app, 'POST', '/v1/auth/resend-otp', { json: { session_id: id } })).status).toBe(200);
    const sixth = await call(other, 'POST', '/v1/auth/resend-otp', { json: { session_id: id } });
    expect([sixth.status, sixth.body.message]).toEqual([429, SERVER_MSG.otpRateLimited]);
    expect((await verify(t.app, id, '123456')).status).toBe(200);
  });

  it('per address: 10 attempts at once with unknown mobiles, limit 4 → exactly 6 refused; a forged x-forwarded-for changes nothing', async () => {
    const t = await server({ otpMaxPerMobile: 100, otpMaxPerIp: 4 });
    const rs = await Promise.all(Array.from({ length: 10 }, (_, i) => sendOtp(t.app, `98765430${String(i).padStart(2, '0')}`)));
    expect(rs.filter((r) => r.status === 400 && r.body.message === SERVER_MSG.noStaffAccount)).toHaveLength(4);
    expect(rs.filter((r) => r.status === 429 && r.body.message === SERVER_MSG.tooManyRequests)).toHaveLength(6);
    // Without TRUST_PROXY the header is not believed: a "new address" is the same caller.
    const forged = await sendFrom(t.app, '9000000002', '198.51.100.7');
    expect([forged.status, forged.body.message]).toEqual([429, SERVER_MSG.tooManyRequests]);
  });

  it('behind trusted proxies each forwarded client address has its own count', async () => {
    // sendFrom's header is `client, 10.0.0.1`: two proxies, the client two hops from the right (TRUST_PROXY=2).
    const t = await server({ otpMaxPerMobile: 100, otpMaxPerIp: 4, trustProxy: 2 });
    for (let i = 0; i < 4; i += 1) expect((await sendFrom(t.app, '9000000001', '203.0.113.1')).status).toBe(200);
    expect((await sendFrom(t.app, '9000000001', '203.0.113.1')).status).toBe(429);
    expect((await sendFrom(t.app, '9000000002', '198.51.100.7')).status).toBe(200);
  });
});
