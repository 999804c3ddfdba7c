// Public mobile OTP (POST /v1/otp/send, /resend, /verify) and the validation OTP without a token: any well-formed
// mobile, the login OTP's limits and messages, a guest token bound to tenant + mobile + the visitor's application,
// which is created on the first verify and continued on later ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SERVER_MSG } from '../../contracts/messages';
import { VALIDATION_PURPOSE } from '../../contracts/validation-otp';
import { call, makeTestServer, publicSignIn, sendOtp, signIn, type TestServer } from '../test-helpers';

const SAHAYOG = 'sahayog.localhost';
const UDAAN = 'udaan.localhost';

let s: TestServer;
let seq = 0;
const nextMobile = () => `88${String(10_000_000 + ++seq).slice(-8)}`;

const send = (mobile: string, opts: { host?: string; token?: string; path?: string } = {}) =>
  call(s.app, 'POST', opts.path ?? '/v1/otp/send', {
    host: opts.host,
    token: opts.token,
    json: { mobile, hostname: opts.host ?? SAHAYOG },
  });
const verify = (sessionId: string, otp: string, opts: { host?: string; headers?: Record<string, string> } = {}) =>
  call(s.app, 'POST', '/v1/otp/verify', { host: opts.host, headers: opts.headers, json: { session_id: sessionId, otp } });
const publicApps = async (mobile: string, tenant = 'sahayog') =>
  s.db.query<{ id: string; owner_user_id: number | null; origin: string; tracker_id: string }>(
    `SELECT id, owner_user_id, origin, tracker_id FROM applications WHERE tenant_id=$1 AND phone=$2 AND origin='public'`,
    [tenant, mobile],
  );

beforeAll(async () => {
  s = await makeTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('send, resend, verify', () => {
  it('any well-formed mobile: a wrong code changes nothing; the right one answers a guest token and a new public application', async () => {
    const mobile = nextMobile();
    const sent = await send(mobile);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({
      success: true,
      status_code: 200,
      message: SERVER_MSG.otpSent,
      data: { session_id: expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
    const sessionId = sent.body.data.session_id as string;
    expect((await call(s.app, 'POST', '/v1/otp/resend', { json: { session_id: sessionId } })).body).toEqual({
      success: true,
      status_code: 200,
      message: SERVER_MSG.otpResent,
    });

    const wrong = await verify(sessionId, '000000');
    expect(wrong.body).toEqual({ success: false, status_code: 400, message: SERVER_MSG.invalidOtp });
    expect(await publicApps(mobile)).toEqual([]);

    const ok = await verify(sessionId, s.config.sandboxOtp);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({
      success: true,
      status_code: 200,
      message: SERVER_MSG.otpVerified,
      data: {
        token: expect.stringMatching(/^[0-9a-f]{64}$/),
        application_id: expect.stringMatching(/^[0-9a-f]{32}$/),
        is_phone_verified: true,
      },
    });
    const [app] = await publicApps(mobile);
    expect(app).toMatchObject({
      id: ok.body.data.application_id,
      owner_user_id: null,
      origin: 'public',
      tracker_id: expect.stringMatching(/^FLO[0-9A-F]{10}$/),
    });

    const [session] = await s.db.query<{ kind: string; mobile: string; application_id: string; ttl: number }>(
      `SELECT kind, mobile, application_id, extract(epoch FROM expires_at - created_at)::int AS ttl FROM sessions WHERE application_id=$1`,
      [app?.id],
    );
    expect(session).toEqual({ kind: 'guest', mobile, application_id: app?.id, ttl: s.config.guestTokenTtlS });
    expect(s.config.guestTokenTtlS).toBe(7200);

    const got = await call(s.app, 'GET', `/v1/app/mfi/${app?.id}`, { token: ok.body.data.token });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({
      id: app?.id,
      phone: mobile,
      status: 'DRAFT',
      stages: [],
      is_phone_verified: true,
      origin: 'public',
    });
  });

  it('a visitor coming back after the token expired verifies again and continues the same application', async () => {
    const mobile = nextMobile();
    const first = await publicSignIn(s.app, mobile);
    expect(
      (await call(s.app, 'PATCH', `/v1/app/mfi/${first.applicationId}`, { token: first.token, json: { name: 'Asha Patil' } })).status,
    ).toBe(200);
    s.advance(s.config.guestTokenTtlS * 1000 + 1);
    const expired = await call(s.app, 'GET', `/v1/app/mfi/${first.applicationId}`, { token: first.token });
    expect(expired.body).toEqual({ success: false, status_code: 401, message: SERVER_MSG.sessionExpired });
    // The browser still sends its old token with the OTP calls: they ignore it.
    const sent = await send(mobile, { token: first.token });
    expect(sent.status).toBe(200);
    const again = await verify(sent.body.data.session_id, s.config.sandboxOtp);
    expect(again.body.data.application_id).toBe(first.applicationId);
    expect(again.body.data.token).not.toBe(first.token);
    const got = await call(s.app, 'GET', `/v1/app/mfi/${first.applicationId}`, { token: again.body.data.token });
    expect(got.body.data).toMatchObject({ name: 'Asha Patil', is_phone_verified: true });
    expect(await publicApps(mobile)).toHaveLength(1);
  });

  it('one application per tenant and mobile: another tenant gets its own, a staff application of that phone is not taken', async () => {
    const mobile = nextMobile();
    const staff = await signIn(s.app);
    const staffAppId = 'c'.repeat(32);
    expect((await call(s.app, 'PUT', `/v1/app/mfi/${staffAppId}`, { token: staff, json: { phone: mobile } })).status).toBe(201);
    const here = await publicSignIn(s.app, mobile);
    const there = await publicSignIn(s.app, mobile, UDAAN);
    expect(here.applicationId).not.toBe(staffAppId);
    expect(there.applicationId).not.toBe(here.applicationId);
    expect(await publicApps(mobile, 'udaan')).toEqual([expect.objectContaining({ id: there.applicationId })]);
    // A guest token is bound to its tenant.
    expect((await call(s.app, 'GET', `/v1/app/mfi/${here.applicationId}`, { host: UDAAN, token: here.token })).status).toBe(401);
    const staffApp = await call(s.app, 'GET', `/v1/app/mfi/${staffAppId}`, { token: staff });
    expect(staffApp.body.data).toMatchObject({ origin: 'staff', is_phone_verified: false });
  });

  it('two first verifies of one mobile at once end with one application', async () => {
    const mobile = nextMobile();
    const a = await send(mobile);
    const b = await send(mobile);
    const [ra, rb] = await Promise.all([verify(a.body.data.session_id, '123456'), verify(b.body.data.session_id, '123456')]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(ra.body.data.application_id).toBe(rb.body.data.application_id);
    expect(await publicApps(mobile)).toHaveLength(1);
  });
});

describe('the login OTP rules and messages', () => {
  it.each([
    ['a malformed mobile', { mobile: '5123456789', hostname: SAHAYOG }, MSG.invalidMobile],
    ['no mobile', { hostname: SAHAYOG }, undefined],
  ])('send refuses %s (400)', async (_n, json, message) => {
    const r = await call(s.app, 'POST', '/v1/otp/send', { json });
    expect(r.body).toMatchObject({ success: false, status_code: 400, message: message ?? expect.any(String) });
  });

  it("expired (10 min), used, unknown, another tenant's and a login session are refused with the login messages", async () => {
    const mobile = nextMobile();
    const late = await send(mobile);
    s.advance(10 * 60 * 1000 + 1);
    expect((await verify(late.body.data.session_id, '123456')).body.message).toBe(SERVER_MSG.otpExpired);

    const sent = await send(mobile);
    expect((await verify(sent.body.data.session_id, '123456')).status).toBe(200);
    expect((await verify(sent.body.data.session_id, '123456')).body).toEqual({
      success: false,
      status_code: 400,
      message: SERVER_MSG.otpUsed,
    });
    expect((await verify('f'.repeat(32), '123456')).body.message).toBe(SERVER_MSG.unknownSession);

    const other = await send(mobile, { host: UDAAN });
    expect((await verify(other.body.data.session_id, '123456')).body.message).toBe(SERVER_MSG.unknownSession);
    const login = await sendOtp(s.app, '9000000001');
    expect((await verify(login.body.data.session_id, '123456')).body.message).toBe(SERVER_MSG.unknownSession);
  });

  it('5 wrong codes lock the session (429); the right code is refused after that and no application is made', async () => {
    const mobile = nextMobile();
    const sent = await send(mobile);
    for (let i = 0; i < 4; i++) expect((await verify(sent.body.data.session_id, '111111')).status).toBe(400);
    expect((await verify(sent.body.data.session_id, '111111')).body).toEqual({
      success: false,
      status_code: 429,
      message: SERVER_MSG.otpLocked,
    });
    expect((await verify(sent.body.data.session_id, '123456')).status).toBe(429);
    expect(await publicApps(mobile)).toEqual([]);
  });

  it('more than 5 sends and resends per tenant + mobile in 10 minutes → 429 with the login message', async () => {
    const limited = await makeTestServer({ otpMaxPerMobile: 5, otpMaxPerIp: 30 });
    try {
      const mobile = '8800000001';
      const first = await call(limited.app, 'POST', '/v1/otp/send', { json: { mobile, hostname: SAHAYOG } });
      expect(first.status).toBe(200);
      for (let i = 0; i < 4; i++) {
        expect((await call(limited.app, 'POST', '/v1/otp/resend', { json: { session_id: first.body.data.session_id } })).status).toBe(200);
      }
      const sixth = await call(limited.app, 'POST', '/v1/otp/send', { json: { mobile, hostname: SAHAYOG } });
      expect(sixth.body).toEqual({ success: false, status_code: 429, message: SERVER_MSG.otpRateLimited });
      // The validation OTP of a visitor counts against the same budget.
      const viaValidation = await call(limited.app, 'POST', '/v1/validation/mobile/otp/send', { json: { mobile, hostname: SAHAYOG } });
      expect(viaValidation.status).toBe(429);
      expect((await call(limited.app, 'POST', '/v1/otp/send', { host: UDAAN, json: { mobile, hostname: UDAAN } })).status).toBe(200);
      expect((await call(limited.app, 'POST', '/v1/otp/send', { json: { mobile: '8800000002', hostname: SAHAYOG } })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('secrets', () => {
  it('a verify retried with the same Idempotency-Key runs again (the token is never stored for replay) and finds the code used', async () => {
    const sent = await send(nextMobile());
    const headers = { 'Idempotency-Key': `public-verify-${seq}` };
    const first = await verify(sent.body.data.session_id, '123456', { headers });
    expect(first.status).toBe(200);
    const again = await verify(sent.body.data.session_id, '123456', { headers });
    expect(again.body.message).toBe(SERVER_MSG.otpUsed);
    expect(again.res.headers.get('idempotent-replayed')).toBeNull();
    const stored = await s.db.query<{ body: string | null }>('SELECT body FROM idempotency_keys');
    expect(JSON.stringify(stored)).not.toContain(first.body.data.token);
  });

  it('no log line holds the token, the OTP or the mobile', async () => {
    const mobile = nextMobile();
    const { token } = await publicSignIn(s.app, mobile);
    const text = JSON.stringify(s.logs);
    expect(text).not.toContain(token);
    expect(text).not.toContain(mobile);
    expect(text).not.toContain(s.config.sandboxOtp);
  });
});

describe('the validation OTP without a token is the same public OTP', () => {
  const vpath = (step: string) => `/v1/validation/mobile/otp/${step}`;

  it("send, resend and verify (purpose APPLY_LOAN_MFI) answer the guest token and the visitor's application", async () => {
    const mobile = nextMobile();
    const sent = await send(mobile, { path: vpath('send') });
    expect(sent.body).toMatchObject({ success: true, message: SERVER_MSG.otpSent });
    expect((await call(s.app, 'POST', vpath('resend'), { json: { session_id: sent.body.data.session_id } })).status).toBe(200);
    const ok = await call(s.app, 'POST', vpath('verify'), {
      json: { session_id: sent.body.data.session_id, purpose: VALIDATION_PURPOSE, otp: '123456' },
    });
    expect(ok.body).toMatchObject({
      success: true,
      message: SERVER_MSG.otpVerified,
      data: {
        token: expect.stringMatching(/^[0-9a-f]{64}$/),
        application_id: expect.stringMatching(/^[0-9a-f]{32}$/),
        is_phone_verified: true,
      },
    });
    // The same visitor through /v1/otp/* continues the same application.
    expect((await publicSignIn(s.app, mobile)).applicationId).toBe(ok.body.data.application_id);
    // A session from /v1/otp/send verifies at the validation path too (one kind of public session).
    const viaOtp = await send(mobile);
    const crossed = await call(s.app, 'POST', vpath('verify'), {
      json: { session_id: viaOtp.body.data.session_id, purpose: VALIDATION_PURPOSE, otp: '123456' },
    });
    expect(crossed.body.data.application_id).toBe(ok.body.data.application_id);
  });

  it('an expired token is still 401 (a signed-out officer is told so), a staff token keeps the staff behaviour', async () => {
    const mobile = nextMobile();
    const { token } = await publicSignIn(s.app, mobile);
    const staff = await signIn(s.app);
    const staffSent = await send(mobile, { path: vpath('send'), token: staff });
    const staffOk = await call(s.app, 'POST', vpath('verify'), {
      token: staff,
      json: { session_id: staffSent.body.data.session_id, purpose: VALIDATION_PURPOSE, otp: '123456' },
    });
    expect(staffOk.body.data).toEqual({ application_id: null, is_phone_verified: true });
    s.advance(s.config.guestTokenTtlS * 1000 + 1);
    const r = await send(mobile, { path: vpath('send'), token });
    expect(r.body).toEqual({ success: false, status_code: 401, message: SERVER_MSG.sessionExpired });
  });
});
