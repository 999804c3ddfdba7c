import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SERVER_MSG } from '../../contracts/messages';
import { Profile } from '../../contracts/profile';
import { call, makeTestServer, sendOtp, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await makeTestServer();
});
afterAll(async () => {
  await s.close();
});

const verify = (session_id: string, otp: string, host = 'sahayog.localhost') =>
  call(s.app, 'POST', '/v1/auth/verify-otp', { host, json: { session_id, otp } });

describe('send / resend / verify', () => {
  it('signs a staff member in with the sandbox OTP', async () => {
    const sent = await sendOtp(s.app, '9000000001');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, message: SERVER_MSG.otpSent, data: { session_id: expect.any(String) } });
    const resent = await call(s.app, 'POST', '/v1/auth/resend-otp', { json: { session_id: sent.body.data.session_id } });
    expect(resent.body).toEqual({ success: true, status_code: 200, message: SERVER_MSG.otpResent });
    const ok = await verify(sent.body.data.session_id, '123456');
    expect(ok.status).toBe(200);
    expect(ok.body.data.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['unknown staff mobile', { mobile: '9876543210', hostname: 'x' }, 400, SERVER_MSG.noStaffAccount],
    ['malformed mobile', { mobile: '12345', hostname: 'x' }, 400, 'Invalid mobile number'],
    ['missing hostname', { mobile: '9000000001' }, 400, expect.any(String)],
  ])('send-otp refuses %s', async (_name, json, status, message) => {
    const r = await call(s.app, 'POST', '/v1/auth/send-otp', { json });
    expect(r.status).toBe(status);
    expect(r.body).toEqual({ success: false, message, status_code: status });
  });

  it('answers a wrong OTP with Invalid OTP and locks after 5 wrong tries', async () => {
    const id = (await sendOtp(s.app, '9000000002')).body.data.session_id;
    for (let i = 1; i <= 4; i++) {
      const r = await verify(id, '000000');
      expect([r.status, r.body.message]).toEqual([400, SERVER_MSG.invalidOtp]);
    }
    const fifth = await verify(id, '000000');
    expect([fifth.status, fifth.body.message]).toEqual([429, SERVER_MSG.otpLocked]);
    const afterLock = await verify(id, '123456');
    expect([afterLock.status, afterLock.body.message]).toEqual([429, SERVER_MSG.otpLocked]);
    // A resend unlocks with a fresh code.
    await call(s.app, 'POST', '/v1/auth/resend-otp', { json: { session_id: id } });
    expect((await verify(id, '123456')).status).toBe(200);
  });

  it('refuses an expired OTP, and a resend restarts the expiry', async () => {
    const id = (await sendOtp(s.app, '9000000003')).body.data.session_id;
    s.advance(10 * 60 * 1000 + 1000);
    const r = await verify(id, '123456');
    expect([r.status, r.body.message]).toEqual([400, SERVER_MSG.otpExpired]);
    await call(s.app, 'POST', '/v1/auth/resend-otp', { json: { session_id: id } });
    expect((await verify(id, '123456')).status).toBe(200);
  });

  it('refuses a used OTP and an unknown session', async () => {
    const id = (await sendOtp(s.app, '9000000004')).body.data.session_id;
    expect((await verify(id, '123456')).status).toBe(200);
    const again = await verify(id, '123456');
    expect([again.status, again.body.message]).toEqual([400, SERVER_MSG.otpUsed]);
    const unknown = await verify('f'.repeat(32), '123456');
    expect([unknown.status, unknown.body.message]).toEqual([400, SERVER_MSG.unknownSession]);
  });

  it('does not accept a session id on another tenant', async () => {
    const id = (await sendOtp(s.app, '9000000001', 'udaan.localhost')).body.data.session_id;
    const r = await verify(id, '123456', 'pragati.localhost');
    expect([r.status, r.body.message]).toEqual([400, SERVER_MSG.unknownSession]);
  });
});

describe('rate limits', () => {
  it('answers 429 after 5 sends and resends per mobile in 10 minutes, and lets it through again later', async () => {
    const rl = await makeTestServer({ otpMaxPerIp: 30, otpMaxPerMobile: 5 });
    try {
      const first = await sendOtp(rl.app, '9000000001');
      for (let i = 0; i < 2; i++) await call(rl.app, 'POST', '/v1/auth/resend-otp', { json: { session_id: first.body.data.session_id } });
      expect((await sendOtp(rl.app, '9000000001')).status).toBe(200);
      expect((await sendOtp(rl.app, '9000000001')).status).toBe(200);
      const sixth = await sendOtp(rl.app, '9000000001');
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual({ success: false, message: SERVER_MSG.otpRateLimited, status_code: 429 });
      const resend = await call(rl.app, 'POST', '/v1/auth/resend-otp', { json: { session_id: first.body.data.session_id } });
      expect(resend.status).toBe(429);
      // Another mobile is not affected; the same one is allowed again after the window.
      expect((await sendOtp(rl.app, '9000000002')).status).toBe(200);
      rl.advance(10 * 60 * 1000 + 1000);
      expect((await sendOtp(rl.app, '9000000001')).status).toBe(200);
      // Per address: 30 attempts (unknown mobiles included) in the window, then 429.
      rl.advance(10 * 60 * 1000 + 1000);
      for (let i = 0; i < 30; i++) await sendOtp(rl.app, `98765432${String(i).padStart(2, '0')}`);
      const flood = await sendOtp(rl.app, '9000000003');
      expect([flood.status, flood.body.message]).toEqual([429, SERVER_MSG.tooManyRequests]);
    } finally {
      await rl.close();
    }
  });
});

describe('tokens', () => {
  it('answers the profile for a valid token, matching contracts/profile.ts', async () => {
    const rows: [string, string, string | null][] = [
      ['9000000001', 'MFI_EMPLOYEE', 'RELATIONSHIP_OFFICER'],
      ['9000000002', 'MFI_EMPLOYEE', 'BRANCH_CREDIT_MANAGER'],
      ['9000000003', 'MFI_EMPLOYEE', 'BRANCH_MANAGER'],
      ['9000000004', 'AGENT', null],
      ['9000000005', 'MFI_EMPLOYEE', 'FIELD_AUDITOR'],
    ];
    for (const [mobile, role, designation] of rows) {
      const token = await signIn(s.app, mobile, 'vikas.localhost');
      const me = await call(s.app, 'GET', '/v1/user/me', { host: 'vikas.localhost', token });
      expect(me.status).toBe(200);
      const profile = v.parse(Profile, me.body.data);
      expect(profile).toMatchObject({ mobile, role, mfi_employee: { designation }, pincode: '411001', city: 'Pune', state: 'Maharashtra' });
      expect(profile.id).toBeGreaterThan(0);
      expect(profile.first_name?.length).toBeGreaterThan(1);
      expect(profile.email).toContain('@');
    }
  });

  it.each([
    ['no token', undefined, SERVER_MSG.unauthorized],
    ['an unknown token', 'a'.repeat(64), SERVER_MSG.unauthorized],
    ['a malformed token', 'not-a-token', SERVER_MSG.unauthorized],
  ])('answers 401 for %s', async (_n, token, message) => {
    const r = await call(s.app, 'GET', '/v1/user/me', { token });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ success: false, message, status_code: 401 });
  });

  it('refuses a token on another tenant', async () => {
    const token = await signIn(s.app, '9000000001', 'udaan.localhost');
    expect((await call(s.app, 'GET', '/v1/user/me', { host: 'udaan.localhost', token })).status).toBe(200);
    const other = await call(s.app, 'GET', '/v1/user/me', { host: 'pragati.localhost', token });
    expect([other.status, other.body.message]).toEqual([401, SERVER_MSG.unauthorized]);
    // localhost is the default tenant (sahayog), not udaan.
    expect((await call(s.app, 'GET', '/v1/user/me', { host: 'localhost:4173', token })).status).toBe(401);
  });

  it('expires a token after TOKEN_TTL_S', async () => {
    const short = await makeTestServer({ tokenTtlS: 60 });
    try {
      const token = await signIn(short.app);
      expect((await call(short.app, 'GET', '/v1/user/me', { token })).status).toBe(200);
      short.advance(61_000);
      const r = await call(short.app, 'GET', '/v1/user/me', { token });
      expect([r.status, r.body.message]).toEqual([401, SERVER_MSG.sessionExpired]);
    } finally {
      await short.close();
    }
  });

  it('logout revokes the token', async () => {
    const token = await signIn(s.app, '9000000003');
    const out = await call(s.app, 'PUT', '/v1/user/logout', { token });
    expect(out.body).toMatchObject({ success: true, message: SERVER_MSG.loggedOut });
    const r = await call(s.app, 'GET', '/v1/user/me', { token });
    expect([r.status, r.body.message]).toEqual([401, SERVER_MSG.sessionExpired]);
    const [row] = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE token_hash = $1', [token]);
    expect(row?.n).toBe(0); // only the hash is stored
  });
});

describe('logs', () => {
  it('never carry the token, the OTP, the mobile or a query string', async () => {
    s.logs.length = 0;
    const token = await signIn(s.app, '9000000002', 'pragati.localhost');
    await call(s.app, 'GET', '/v1/user/me', { host: 'pragati.localhost', token });
    await call(s.app, 'GET', '/v1/pincode/get-city-state?pincode=411001', { host: 'pragati.localhost', token });
    await call(s.app, 'POST', '/v1/auth/verify-otp', { host: 'pragati.localhost', json: { session_id: 'x', otp: '654321' } });
    const text = JSON.stringify(s.logs);
    expect(s.logs.length).toBe(5);
    expect(s.logs[0]).toMatchObject({ tenant: 'pragati', method: 'POST', path: '/api/main/v1/auth/send-otp', status: 200 });
    expect(s.logs[0]).toEqual({
      t: expect.any(String),
      req_id: expect.any(String),
      tenant: 'pragati',
      method: 'POST',
      path: '/api/main/v1/auth/send-otp',
      status: 200,
      ms: expect.any(Number),
    });
    for (const secret of [token, '123456', '654321', '9000000002', '411001', 'pincode=']) expect(text).not.toContain(secret);
  });
});
