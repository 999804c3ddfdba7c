// Verification API (/api/verification): every fixture identity (REQ-SBX-3), the answer shapes the client
// reads (statusCode beside status_code), the records kept on the application, who may call, and that a full
// Aadhaar number never reaches a database table or a log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftKeyMessage } from '../../contracts/borrower';
import { SERVER_MSG } from '../../contracts/messages';
import { VERIFY_SERVER_MSG } from '../../contracts/verification';
import { createSession } from '../services/sessions';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';
import { AADHAAR_ORIGIN } from './verification';

const SAHAYOG = 'sahayog.localhost';
const UDAAN = 'udaan.localhost';
const APP = 'a1'.repeat(16);
const APP_U = 'b2'.repeat(16); // an application of udaan
const MISSING = 'c3'.repeat(16);
const FIXTURE_AADHAAR = '999988887777';
const OTHER_AADHAAR = '234567891234';

let s: TestServer;
const t = {} as Record<'staff' | 'colleague' | 'udaanStaff' | 'guest', string>;

const verify = (path: string, json: unknown, opts: { token?: string; host?: string; headers?: Record<string, string> } = {}) =>
  call(s.app, 'POST', path, { base: '/api/verification', token: opts.token ?? t.staff, host: opts.host, json, headers: opts.headers });
const getApp = async (id = APP) => (await call(s.app, 'GET', `/v1/app/mfi/${id}`, { token: t.staff })).body.data;
const requestAadhaar = async (aadhaar = FIXTURE_AADHAAR, applicationId = APP, headers?: Record<string, string>) => {
  const r = await verify('/v1/request_aadhaar_otp', { aadhaar, application_id: applicationId }, { headers });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { status: string; ref_id: string; origin: string };
};

beforeAll(async () => {
  s = await makeTestServer();
  t.staff = await signIn(s.app, '9000000001', SAHAYOG);
  t.colleague = await signIn(s.app, '9000000002', SAHAYOG);
  t.udaanStaff = await signIn(s.app, '9000000001', UDAAN);
  t.guest = await createSession(s.db, {
    tenantId: 'sahayog',
    kind: 'guest',
    userId: null,
    mobile: '9876500001',
    ttlS: 3600,
    now: s.config.now(),
  });
  expect(
    (await call(s.app, 'PUT', `/v1/app/mfi/${APP}`, { token: t.staff, json: { phone: '9876543210', name: 'Ramesh Kumar' } })).status,
  ).toBe(201);
  expect(
    (await call(s.app, 'PUT', `/v1/app/mfi/${APP_U}`, { host: UDAAN, token: t.udaanStaff, json: { phone: '9876543211' } })).status,
  ).toBe(201);
});
afterAll(async () => {
  await s.close();
});

describe('PAN (/v1/verify_pan_lite)', () => {
  it.each([
    ['ABCDE1234F', 'RAMESH KUMAR'],
    ['PQRSX5678K', 'SURESH SHARMA'],
    ['BADCR1234D', 'MOHAN LAL'],
    ['SUNTA7654D', 'SUNITA DEVI'],
    [' abcde1234f ', 'RAMESH KUMAR'],
  ])('%j → %s', async (pan, name) => {
    const r = await verify('/v1/verify_pan_lite', { pan, application_id: APP });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, statusCode: 200, status_code: 200, data: { name_pan_card: name } });
  });

  it.each(['ZZZZZ9999Z', 'ABCDE12345', '1234567890'])('%s → 400 INVALID PAN', async (pan) => {
    const r = await verify('/v1/verify_pan_lite', { pan, application_id: APP });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, status_code: 400, statusCode: 400, message: VERIFY_SERVER_MSG.invalidPan });
  });

  it('a PAN shorter than 10 characters is refused by the request schema', async () => {
    const r = await verify('/v1/verify_pan_lite', { pan: 'ABC', application_id: APP });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, statusCode: 400, message: 'String must contain at least 10 character(s)' });
  });

  it('any other well-formed PAN answers a synthetic name, the same every time', async () => {
    const names = new Set<string>();
    for (const pan of ['KLMNO4321P', 'AAAAA0000A', 'QWERT1111Y', 'MNBVC2222X']) {
      const first = await verify('/v1/verify_pan_lite', { pan, application_id: APP });
      const again = await verify('/v1/verify_pan_lite', { pan, application_id: APP });
      expect(first.status).toBe(200);
      expect(first.body.data.name_pan_card).toMatch(/^[A-Z]+ [A-Z]+$/);
      expect(again.body.data).toEqual(first.body.data);
      names.add(first.body.data.name_pan_card);
    }
    expect(names.size).toBeGreaterThan(1);
  });
});

describe('voter id (/v1/perfios/kyc/verify-voter-id)', () => {
  it.each([
    ['ABC1234567', 'RAMESH KUMAR'],
    ['XYZ7654321', 'SUNITA DEVI'],
    ['abc1234567', 'RAMESH KUMAR'],
  ])('%s → %s', async (voterId, name) => {
    const r = await verify('/v1/perfios/kyc/verify-voter-id', { voter_id: voterId, reference: 'ref-1', application_id: APP });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, statusCode: 200, status_code: 200, data: { result: { name } } });
  });

  it.each(['FAIL000000', 'SHORT1'])('%s → 422 voter id not found', async (voterId) => {
    const r = await verify('/v1/perfios/kyc/verify-voter-id', { voter_id: voterId, reference: 'ref-2', application_id: APP });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ success: false, status_code: 422, statusCode: 422, message: VERIFY_SERVER_MSG.voterNotFound });
  });

  it('another well-formed voter id answers a deterministic synthetic name', async () => {
    const a = await verify('/v1/perfios/kyc/verify-voter-id', { voter_id: 'LMN9876543', reference: 'r', application_id: APP });
    const b = await verify('/v1/perfios/kyc/verify-voter-id', { voter_id: 'LMN9876543', reference: 'r2', application_id: APP });
    expect(a.status).toBe(200);
    expect(a.body.data.result.name).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect(b.body.data).toEqual(a.body.data);
  });
});

describe('name match (/v1/name_matcher)', () => {
  it.each<[{ value: string; source: string }[], boolean]>([
    [
      [
        { value: 'RAMESH KUMAR', source: 'PAN' },
        { value: 'Mr. R. Kumar', source: 'INPUT' },
      ],
      true,
    ],
    [
      [
        { value: 'RAMESH KUMAR', source: 'PAN' },
        { value: 'RAMESH KUMAR', source: 'VOTER_ID' },
        { value: 'ramesh kumar', source: 'INPUT' },
      ],
      true,
    ],
    [
      [
        { value: 'RAMESH KUMAR', source: 'PAN' },
        { value: 'SUNITA DEVI', source: 'VOTER_ID' },
      ],
      false,
    ],
    [
      [
        { value: 'RAMESH KUMAR', source: 'PAN' },
        { value: 'SURESH SHARMA', source: 'INPUT' },
      ],
      false,
    ],
  ])('%j → is_match %s', async (values, isMatch) => {
    const r = await verify('/v1/name_matcher', { application_id: APP, values });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, statusCode: 200, data: { is_match: isMatch } });
    expect(Object.keys(r.body.data).sort()).toEqual(['is_match', 'score']);
    expect(r.body.data.score).toBeGreaterThanOrEqual(0);
    expect(r.body.data.score).toBeLessThanOrEqual(1);
  });

  it('needs two values and a known source', async () => {
    const one = await verify('/v1/name_matcher', { application_id: APP, values: [{ value: 'RAMESH KUMAR', source: 'PAN' }] });
    expect(one.status).toBe(400);
    expect(one.body).toMatchObject({ statusCode: 400, message: VERIFY_SERVER_MSG.twoSources });
    const bad = await verify('/v1/name_matcher', {
      application_id: APP,
      values: [
        { value: 'A', source: 'X' },
        { value: 'B', source: 'PAN' },
      ],
    });
    expect(bad.status).toBe(400);
  });
});

describe('Aadhaar OTP (/v1/request_aadhaar_otp, /v1/submit_aadhaar_otp)', () => {
  it('the fixture number: OTP request, a wrong code, then the sandbox code gives the Pune identity with the last 4 digits', async () => {
    const sent = await verify('/v1/request_aadhaar_otp', { aadhaar: FIXTURE_AADHAAR, application_id: APP });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      success: true,
      statusCode: 200,
      status_code: 200,
      data: { status: 'SUCCESS', origin: AADHAAR_ORIGIN },
    });
    expect(sent.body.data.ref_id).toMatch(/^[0-9a-f]{32}$/);
    const ref = sent.body.data as { ref_id: string; origin: string };

    const wrong = await verify('/v1/submit_aadhaar_otp', { ...ref, application_id: APP, otp: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, status_code: 400, statusCode: 400, message: SERVER_MSG.invalidOtp });

    const ok = await verify('/v1/submit_aadhaar_otp', { ...ref, application_id: APP, otp: s.config.sandboxOtp });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ success: true, statusCode: 200, status_code: 200 });
    const { photo_link, ...identity } = ok.body.data;
    expect(identity).toEqual({
      name: 'Ramesh Kumar',
      dob: '15-08-1985',
      gender: 'MALE',
      address: expect.stringContaining('Pune'),
      split_address: {
        house: expect.any(String),
        street: expect.any(String),
        landmark: expect.any(String),
        city: 'Pune',
        district: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      },
      aadhaar_last4: '7777',
    });
    expect(identity.address).toContain('411001');
    expect(photo_link).toMatch(/^data:image\/svg\+xml;base64,/);

    const reused = await verify('/v1/submit_aadhaar_otp', { ...ref, application_id: APP, otp: s.config.sandboxOtp });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(SERVER_MSG.otpUsed);
  });

  it('another 12-digit number answers a synthetic identity, the same for the same number', async () => {
    const identity = async () => {
      const ref = await requestAadhaar(OTHER_AADHAAR);
      const r = await verify('/v1/submit_aadhaar_otp', { ...ref, application_id: APP, otp: s.config.sandboxOtp });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    };
    const first = await identity();
    expect(first).toMatchObject({ aadhaar_last4: '1234', gender: expect.stringMatching(/^(MALE|FEMALE)$/) });
    expect(first.dob).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(first.split_address.pincode).toMatch(/^[1-9]\d{5}$/);
    expect(first.name).not.toBe('Ramesh Kumar');
    expect(await identity()).toEqual(first);
  });

  it.each([
    ['an unknown ref_id', (r: { ref_id: string; origin: string }) => ({ ...r, ref_id: 'f'.repeat(32), application_id: APP })],
    ['another origin', (r: { ref_id: string; origin: string }) => ({ ...r, origin: 'ELSEWHERE', application_id: APP })],
    ['the ref of another application', (r: { ref_id: string; origin: string }) => ({ ...r, application_id: MISSING })],
  ])('%s → 400 (or 404 for an application that does not exist)', async (_n, body) => {
    const ref = await requestAadhaar();
    const b = body(ref);
    const r = await verify('/v1/submit_aadhaar_otp', { ...b, otp: s.config.sandboxOtp });
    if (b.application_id === MISSING) {
      expect(r.status).toBe(404);
    } else {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ success: false, status_code: 400, statusCode: 400, message: VERIFY_SERVER_MSG.aadhaarInvalidRef });
    }
  });

  it('a ref of another application of the tenant is not accepted for this one', async () => {
    const OTHER = 'd4'.repeat(16);
    await call(s.app, 'PUT', `/v1/app/mfi/${OTHER}`, { token: t.staff, json: { phone: '9876543212' } });
    const ref = await requestAadhaar(FIXTURE_AADHAAR, OTHER);
    const r = await verify('/v1/submit_aadhaar_otp', { ...ref, application_id: APP, otp: s.config.sandboxOtp });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(VERIFY_SERVER_MSG.aadhaarInvalidRef);
  });

  it('5 wrong codes lock the ref (429), and the right code is refused after that', async () => {
    const ref = await requestAadhaar();
    for (let i = 1; i <= 4; i++) {
      expect((await verify('/v1/submit_aadhaar_otp', { ...ref, application_id: APP, otp: '111111' })).status).toBe(400);
    }
    const fifth = await verify('/v1/submit_aadhaar_otp', { ...ref, application_id: APP, otp: '111111' });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ statusCode: 429, message: SERVER_MSG.otpLocked });
    const right = await verify('/v1/submit_aadhaar_otp', { ...ref, application_id: APP, otp: s.config.sandboxOtp });
    expect(right.status).toBe(429);
  });

  it('a code expires after 10 minutes', async () => {
    const ref = await requestAadhaar();
    s.advance(10 * 60 * 1000 + 1000);
    const r = await verify('/v1/submit_aadhaar_otp', { ...ref, application_id: APP, otp: s.config.sandboxOtp });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(SERVER_MSG.otpExpired);
  });

  it('more than 5 OTP requests for one application in 10 minutes → 429; another application is not affected', async () => {
    const limited = await makeTestServer({ otpMaxPerMobile: 5, otpMaxPerIp: 30 });
    try {
      const token = await signIn(limited.app);
      for (const id of [APP, MISSING]) await call(limited.app, 'PUT', `/v1/app/mfi/${id}`, { token, json: { phone: '9876543210' } });
      const ask = (id: string) =>
        call(limited.app, 'POST', '/v1/request_aadhaar_otp', {
          base: '/api/verification',
          token,
          json: { aadhaar: FIXTURE_AADHAAR, application_id: id },
        });
      for (let i = 0; i < 5; i++) expect((await ask(APP)).status).toBe(200);
      const sixth = await ask(APP);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual({ success: false, status_code: 429, statusCode: 429, message: SERVER_MSG.otpRateLimited });
      expect((await ask(MISSING)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('a number that is not 12 digits is refused', async () => {
    const r = await verify('/v1/request_aadhaar_otp', { aadhaar: '12345', application_id: APP });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ statusCode: 400, message: 'Aadhaar number must be 12 digits' });
  });
});

describe('records on the application', () => {
  it('the latest successful PAN, voter id and Aadhaar checks show under verifications; failures change nothing', async () => {
    const R = '1f'.repeat(16);
    await call(s.app, 'PUT', `/v1/app/mfi/${R}`, { token: t.staff, json: { phone: '9876543213' } });
    expect((await getApp(R)).verifications).toBeUndefined();
    await verify('/v1/verify_pan_lite', { pan: 'PQRSX5678K', application_id: R });
    await verify('/v1/verify_pan_lite', { pan: 'abcde1234f', application_id: R });
    await verify('/v1/verify_pan_lite', { pan: 'ZZZZZ9999Z', application_id: R });
    await verify('/v1/perfios/kyc/verify-voter-id', { voter_id: 'ABC1234567', reference: 'x', application_id: R });
    await verify('/v1/perfios/kyc/verify-voter-id', { voter_id: 'FAIL000000', reference: 'y', application_id: R });
    const ref = await requestAadhaar(FIXTURE_AADHAAR, R);
    expect((await verify('/v1/submit_aadhaar_otp', { ...ref, application_id: R, otp: s.config.sandboxOtp })).status).toBe(200);
    const app = await getApp(R);
    expect(app.verifications).toEqual({
      pan: { value: 'ABCDE1234F', name: 'RAMESH KUMAR' },
      voter_id: { value: 'ABC1234567', name: 'RAMESH KUMAR' },
      aadhaar: { last4: '7777', name: 'Ramesh Kumar' },
    });
    expect(app.is_phone_verified).toBe(false);
    const events = await s.db.query<{ body: { check: string } }>(
      `SELECT body FROM application_events WHERE tenant_id='sahayog' AND application_id=$1 AND kind='verification' ORDER BY seq`,
      [R],
    );
    expect(events.map((e) => e.body.check)).toEqual(['pan', 'pan', 'voter_id', 'aadhaar']);
  });

  it('a client body can never set verifications, is_phone_verified or approval_checks (PUT create, PATCH)', async () => {
    const R = '2e'.repeat(16);
    const forged = {
      verifications: { pan: { value: 'ABCDE1234F', name: 'X' }, phone: { value: '9876543214' } },
      is_phone_verified: true,
      approval_checks: { decision: 'APPROVED' },
    };
    const put = await call(s.app, 'PUT', `/v1/app/mfi/${R}`, { token: t.staff, json: { phone: '9876543214', ...forged } });
    expect(put.body).toMatchObject({ status_code: 400, message: draftKeyMessage('verifications') });
    expect((await call(s.app, 'PUT', `/v1/app/mfi/${R}`, { token: t.staff, json: { phone: '9876543214' } })).status).toBe(201);
    const forgedPatch = await call(s.app, 'PATCH', `/v1/app/mfi/${R}`, { token: t.staff, json: { name: 'Patched', ...forged } });
    expect(forgedPatch.status).toBe(400);
    expect((await call(s.app, 'PATCH', `/v1/app/mfi/${R}`, { token: t.staff, json: { name: 'Patched' } })).status).toBe(200);
    const app = await getApp(R);
    expect(app.name).toBe('Patched');
    expect(app.verifications).toBeUndefined();
    expect(app.approval_checks).toBeUndefined();
    expect(app.is_phone_verified).toBe(false);
  });
});

describe('who may call', () => {
  const CALLS: [string, (app: string) => unknown][] = [
    ['/v1/verify_pan_lite', (a) => ({ pan: 'ABCDE1234F', application_id: a })],
    ['/v1/perfios/kyc/verify-voter-id', (a) => ({ voter_id: 'ABC1234567', reference: 'r', application_id: a })],
    [
      '/v1/name_matcher',
      (a) => ({
        application_id: a,
        values: [
          { value: 'A B', source: 'PAN' },
          { value: 'A B', source: 'INPUT' },
        ],
      }),
    ],
    ['/v1/request_aadhaar_otp', (a) => ({ aadhaar: FIXTURE_AADHAAR, application_id: a })],
    ['/v1/submit_aadhaar_otp', (a) => ({ ref_id: 'e'.repeat(32), origin: AADHAAR_ORIGIN, application_id: a, otp: '123456' })],
  ];
  const cases = CALLS.flatMap(
    ([path, body]) =>
      [
        [path, 'no token', undefined, SAHAYOG, body(APP), 401],
        [path, 'no token and an empty body', undefined, SAHAYOG, {}, 401],
        [path, 'a guest token', 'guest', SAHAYOG, body(APP), 403],
        [path, 'udaan staff, a sahayog application id', 'udaanStaff', UDAAN, body(APP), 404],
        [path, 'udaan staff token on the sahayog host', 'udaanStaff', SAHAYOG, body(APP), 401],
        [path, 'sahayog staff, an udaan application id', 'staff', SAHAYOG, body(APP_U), 404],
        [path, 'an application that does not exist', 'staff', SAHAYOG, body(MISSING), 404],
      ] as const,
  );

  it.each(cases)('%s with %s → %i', async (path, _n, who, host, body, status) => {
    const r = await call(s.app, 'POST', path, { base: '/api/verification', host, token: who ? t[who] : undefined, json: body });
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.body).toMatchObject({ success: false, status_code: status, statusCode: status });
  });

  it("the review role may not record checks while the officer's first stage is open (409)", async () => {
    const r = await verify('/v1/verify_pan_lite', { pan: 'ABCDE1234F', application_id: APP }, { token: t.colleague });
    expect(r.status).toBe(409);
  });
});

describe('the full Aadhaar number is never kept', () => {
  it('no database table and no log line holds it after OTP requests and submits (with idempotency keys)', async () => {
    s.logs.length = 0;
    for (const [i, aadhaar] of [FIXTURE_AADHAAR, OTHER_AADHAAR].entries()) {
      const ref = await requestAadhaar(aadhaar, APP, { 'Idempotency-Key': `aadhaar-request-${i}` });
      const wrong = await verify(
        '/v1/submit_aadhaar_otp',
        { ...ref, application_id: APP, otp: '999999' },
        { headers: { 'Idempotency-Key': `wrong-${i}` } },
      );
      expect(wrong.status).toBe(400);
      const ok = await verify(
        '/v1/submit_aadhaar_otp',
        { ...ref, application_id: APP, otp: s.config.sandboxOtp },
        { headers: { 'Idempotency-Key': `submit-${i}` } },
      );
      expect(ok.status).toBe(200);
    }
    // Not even a hash of a body holding the number is kept: Aadhaar OTP calls leave no idempotency record.
    const recorded = await s.db.query<{ key: string }>(
      `SELECT key FROM idempotency_keys WHERE key LIKE 'aadhaar-%' OR key LIKE 'submit-%' OR key LIKE 'wrong-%'`,
    );
    expect(recorded).toEqual([]);
    // A client that sends the number to the main API as the borrower's `aadhaar` (dropped by the borrower submit).
    await call(s.app, 'PUT', `/v1/app/mfi/${APP}`, {
      token: t.staff,
      json: { phone: '9876543210', aadhaar: FIXTURE_AADHAAR, terms_accepted: true },
    });

    const tables = await s.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    expect(tables.map((x) => x.table_name)).toEqual(
      expect.arrayContaining(['otp_sessions', 'applications', 'application_events', 'idempotency_keys']),
    );
    let dumped = '';
    for (const { table_name } of tables) {
      const rows = await s.db.query<{ j: string }>(`SELECT row_to_json(t)::text AS j FROM "${table_name}" t`);
      dumped += rows.map((r) => r.j).join('\n');
    }
    expect(dumped).toContain('7777'); // the dump does hold what is kept (last 4 digits)
    expect(dumped).not.toContain(FIXTURE_AADHAAR);
    expect(dumped).not.toContain(OTHER_AADHAAR);
    expect(dumped.replace(/\D/g, ' ')).not.toMatch(new RegExp(`${FIXTURE_AADHAAR}|${OTHER_AADHAAR}`));
    expect(s.logs.length).toBeGreaterThan(0);
    const logText = JSON.stringify(s.logs);
    expect(logText).not.toContain(FIXTURE_AADHAAR);
    expect(logText).not.toContain(OTHER_AADHAAR);
  });
});
