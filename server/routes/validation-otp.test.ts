// Validation OTP (main API /v1/validation/mobile/otp/*): staff confirm a borrower's mobile; with an application
// named at send, a correct code marks that application's phone verified. Same limits as the login OTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../contracts/messages';
import { VALIDATION_PURPOSE } from '../../contracts/validation-otp';
import { createSession } from '../services/sessions';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';
import { VALIDATION_OTP_MSG } from './validation-otp';

const SAHAYOG = 'sahayog.localhost';
const UDAAN = 'udaan.localhost';
const BORROWER = '9876512345';

let s: TestServer;
let staff: string;
let udaanStaff: string;
let seq = 0;
/** A new application of the signed-in officer with its own borrower mobile. */
const newApplication = async (phone = `98765${String(10000 + ++seq).slice(-5)}`) => {
  const id = (seq + 0x1000).toString(16).padStart(32, '0');
  expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: staff, json: { phone } })).status).toBe(201);
  return { id, phone };
};
const send = (json: unknown, token = staff, host = SAHAYOG) => call(s.app, 'POST', '/v1/validation/mobile/otp/send', { token, host, json });
const verify = (sessionId: string, otp: string, opts: { token?: string; host?: string; headers?: Record<string, string> } = {}) =>
  call(s.app, 'POST', '/v1/validation/mobile/otp/verify', {
    token: opts.token ?? staff,
    host: opts.host,
    headers: opts.headers,
    json: { session_id: sessionId, purpose: VALIDATION_PURPOSE, otp },
  });
const getApp = async (id: string) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: staff })).body.data;

beforeAll(async () => {
  s = await makeTestServer();
  staff = await signIn(s.app, '9000000001', SAHAYOG);
  udaanStaff = await signIn(s.app, '9000000001', UDAAN);
});
afterAll(async () => {
  await s.close();
});

describe('send, resend, verify with an application', () => {
  it('marks the application phone-verified and answers its id', async () => {
    const app = await newApplication();
    expect((await getApp(app.id)).is_phone_verified).toBe(false);
    const sent = await send({ mobile: app.phone, hostname: SAHAYOG, application_id: app.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ success: true, status_code: 200, message: SERVER_MSG.otpSent });
    const sessionId = sent.body.data.session_id as string;
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/);

    const resent = await call(s.app, 'POST', '/v1/validation/mobile/otp/resend', { token: staff, json: { session_id: sessionId } });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ success: true, status_code: 200, message: SERVER_MSG.otpResent });

    const wrong = await verify(sessionId, '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, status_code: 400, message: SERVER_MSG.invalidOtp });
    expect((await getApp(app.id)).is_phone_verified).toBe(false);

    const ok = await verify(sessionId, s.config.sandboxOtp);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      success: true,
      status_code: 200,
      message: SERVER_MSG.otpVerified,
      data: { application_id: app.id, is_phone_verified: true },
    });
    const after = await getApp(app.id);
    expect(after.is_phone_verified).toBe(true);
    expect(after.verifications).toEqual({ phone: { value: app.phone } });

    const again = await verify(sessionId, s.config.sandboxOtp);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(SERVER_MSG.otpUsed);
  });

  it('without an application: verified, application_id null, nothing marked', async () => {
    const sent = await send({ mobile: BORROWER, hostname: SAHAYOG });
    expect(sent.status).toBe(200);
    const ok = await verify(sent.body.data.session_id, s.config.sandboxOtp);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ application_id: null, is_phone_verified: true });
  });

  it('refuses an application whose phone is another mobile (400) and one of another tenant (404)', async () => {
    const app = await newApplication();
    const mismatch = await send({ mobile: BORROWER, hostname: SAHAYOG, application_id: app.id });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ success: false, status_code: 400, message: VALIDATION_OTP_MSG.mobileMismatch });
    const other = await send({ mobile: app.phone, hostname: UDAAN, application_id: app.id }, udaanStaff, UDAAN);
    expect(other.status).toBe(404);
    expect((await getApp(app.id)).is_phone_verified).toBe(false);
  });

  it('a session started on one tenant is unknown on another', async () => {
    const app = await newApplication();
    const sent = await send({ mobile: app.phone, hostname: SAHAYOG, application_id: app.id });
    const r = await verify(sent.body.data.session_id, s.config.sandboxOtp, { token: udaanStaff, host: UDAAN });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(SERVER_MSG.unknownSession);
    const resend = await call(s.app, 'POST', '/v1/validation/mobile/otp/resend', {
      token: udaanStaff,
      host: UDAAN,
      json: { session_id: sent.body.data.session_id },
    });
    expect(resend.status).toBe(400);
    expect((await getApp(app.id)).is_phone_verified).toBe(false);
  });

  it('checks the body: bad mobile, wrong purpose, bad OTP format', async () => {
    expect((await send({ mobile: '12345', hostname: SAHAYOG })).body.message).toBe('Invalid mobile number');
    const sent = await send({ mobile: BORROWER, hostname: SAHAYOG });
    const purpose = await call(s.app, 'POST', '/v1/validation/mobile/otp/verify', {
      token: staff,
      json: { session_id: sent.body.data.session_id, purpose: 'OTHER', otp: '123456' },
    });
    expect(purpose.status).toBe(400);
    expect((await verify(sent.body.data.session_id, '12')).body.message).toBe('Invalid OTP');
  });
});

describe('access', () => {
  it.each([
    ['/v1/validation/mobile/otp/send', { mobile: BORROWER, hostname: SAHAYOG }],
    ['/v1/validation/mobile/otp/resend', { session_id: 'x' }],
    ['/v1/validation/mobile/otp/verify', { session_id: 'x', purpose: VALIDATION_PURPOSE, otp: '123456' }],
  ])(
    '%s: an unknown token → 401; without a token, or with a guest token, it is the public OTP (public-otp.test.ts)',
    async (path, json) => {
      expect((await call(s.app, 'POST', path, { token: 'f'.repeat(64), json })).status).toBe(401);
      const guest = await createSession(s.db, {
        tenantId: 'sahayog',
        kind: 'guest',
        userId: null,
        mobile: BORROWER,
        ttlS: 3600,
        now: s.config.now(),
      });
      for (const token of [undefined, guest]) {
        const r = await call(s.app, 'POST', path, { token, json });
        // A public send answers a session; resend and verify of the unknown session 'x' the login OTP's message.
        if (path.endsWith('/send')) expect(r.status).toBe(200);
        else expect(r.body).toEqual({ success: false, status_code: 400, message: SERVER_MSG.unknownSession });
      }
    },
  );

  it('a staff session is not verified by a public visitor, nor a public one by staff', async () => {
    const app = await newApplication();
    const staffSent = await send({ mobile: app.phone, hostname: SAHAYOG, application_id: app.id });
    const anon = await call(s.app, 'POST', '/v1/validation/mobile/otp/verify', {
      json: { session_id: staffSent.body.data.session_id, purpose: VALIDATION_PURPOSE, otp: '123456' },
    });
    expect(anon.body.message).toBe(SERVER_MSG.unknownSession);
    expect((await getApp(app.id)).is_phone_verified).toBe(false);
    const publicSent = await call(s.app, 'POST', '/v1/validation/mobile/otp/send', { json: { mobile: app.phone, hostname: SAHAYOG } });
    expect((await verify(publicSent.body.data.session_id, '123456')).body.message).toBe(SERVER_MSG.unknownSession);
  });
});

describe('the login OTP rules', () => {
  it('5 wrong codes lock the session (429) and the right code is refused after that', async () => {
    const app = await newApplication();
    const sent = await send({ mobile: app.phone, hostname: SAHAYOG, application_id: app.id });
    for (let i = 0; i < 4; i++) expect((await verify(sent.body.data.session_id, '111111')).status).toBe(400);
    const fifth = await verify(sent.body.data.session_id, '111111');
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe(SERVER_MSG.otpLocked);
    expect((await verify(sent.body.data.session_id, s.config.sandboxOtp)).status).toBe(429);
    expect((await getApp(app.id)).is_phone_verified).toBe(false);
  });

  it('a code expires after 10 minutes', async () => {
    const sent = await send({ mobile: BORROWER, hostname: SAHAYOG });
    s.advance(10 * 60 * 1000 + 1);
    const r = await verify(sent.body.data.session_id, s.config.sandboxOtp);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(SERVER_MSG.otpExpired);
  });

  it('more than 5 sends and resends per mobile in 10 minutes → 429', async () => {
    const limited = await makeTestServer({ otpMaxPerMobile: 5, otpMaxPerIp: 30 });
    try {
      const token = await signIn(limited.app);
      const first = await call(limited.app, 'POST', '/v1/validation/mobile/otp/send', {
        token,
        json: { mobile: BORROWER, hostname: SAHAYOG },
      });
      expect(first.status).toBe(200);
      for (let i = 0; i < 4; i++) {
        const r = await call(limited.app, 'POST', '/v1/validation/mobile/otp/resend', {
          token,
          json: { session_id: first.body.data.session_id },
        });
        expect(r.status).toBe(200);
      }
      const sixth = await call(limited.app, 'POST', '/v1/validation/mobile/otp/send', {
        token,
        json: { mobile: BORROWER, hostname: SAHAYOG },
      });
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual({ success: false, status_code: 429, message: SERVER_MSG.otpRateLimited });
      const resend = await call(limited.app, 'POST', '/v1/validation/mobile/otp/resend', {
        token,
        json: { session_id: first.body.data.session_id },
      });
      expect(resend.status).toBe(429);
      const otherMobile = await call(limited.app, 'POST', '/v1/validation/mobile/otp/send', {
        token,
        json: { mobile: '9876599999', hostname: SAHAYOG },
      });
      expect(otherMobile.status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('idempotency', () => {
  it('a verify retried with the same Idempotency-Key gets the same answer, and the application is marked once', async () => {
    const app = await newApplication();
    const sent = await send({ mobile: app.phone, hostname: SAHAYOG, application_id: app.id });
    const headers = { 'Idempotency-Key': `verify-${app.id}` };
    const first = await verify(sent.body.data.session_id, s.config.sandboxOtp, { headers });
    const replay = await verify(sent.body.data.session_id, s.config.sandboxOtp, { headers });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.res.headers.get('idempotent-replayed')).toBe('true');
    const events = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM application_events WHERE tenant_id='sahayog' AND application_id=$1 AND kind='verification'`,
      [app.id],
    );
    expect(events[0]?.n).toBe(1);
  });
});
