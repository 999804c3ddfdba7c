// Borrower form submit (PUT /v1/app/mfi/{id} with terms_accepted): REQ-BORR-1 messages from the server, the
// verification gate (409 until PAN, voter id and mobile are verified for this application), the BORROWER_INFO
// marker, the full Aadhaar never stored, and a replay with the same Idempotency-Key doing nothing twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_TEXT_VERSION } from '../../contracts/consent';
import { SERVER_MSG } from '../../contracts/messages';
import { VALIDATION_PURPOSE } from '../../contracts/validation-otp';
import { VERIFY_SERVER_MSG } from '../../contracts/verification';
import { addStage } from '../services/stages';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';

const SAHAYOG = 'sahayog.localhost';
const AADHAAR = '999988887777';

let s: TestServer;
let staff: string;
let colleague: string;
let seq = 0;

const yearsAgo = (n: number) => `15-06-${new Date().getFullYear() - n}`;
const borrower = (phone: string, over: Record<string, unknown> = {}) => ({
  phone,
  aadhaar: AADHAAR,
  aadhaar_last4: '7777',
  title: 'Mr.',
  name: 'Ramesh Kumar',
  alternate_phone: '',
  gender: 'MALE',
  marital_status: 'MARRIED',
  dob: yearsAgo(40),
  age: 40,
  pan: 'ABCDE1234F',
  voter_id: 'ABC1234567',
  pincode: '411001',
  city: 'Pune',
  district: 'Pune',
  state: 'Maharashtra',
  address: '12 MG Road, Camp',
  address_type: 'RESIDENCE',
  address_ownership_type: 'SELF_OWNED',
  address_owned_by: '',
  years_of_residence: 5,
  house_type: 'PAKKA',
  email: '',
  loan_type: 'MFI_BUSINESS_LOAN',
  amount_requested: 100000,
  tenure_requested: 12,
  emi_requested: 9000,
  purpose: 'EXPANSION_OF_EXISTING_BUSINESS',
  borrower_photo_from_aadhaar: '',
  terms_accepted: true,
  ...over,
});

const newApplication = async () => {
  seq += 1;
  const id = (seq + 0xb000).toString(16).padStart(32, '0');
  const phone = `98760${String(seq).padStart(5, '0')}`;
  expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: staff, json: { phone, name: 'Ramesh Kumar' } })).status).toBe(201);
  return { id, phone };
};
const v = (path: string, json: unknown) => call(s.app, 'POST', path, { base: '/api/verification', token: staff, json });
const verifyPan = (id: string, pan = 'ABCDE1234F') => v('/v1/verify_pan_lite', { pan, application_id: id });
const verifyVoter = (id: string, voterId = 'ABC1234567') =>
  v('/v1/perfios/kyc/verify-voter-id', { voter_id: voterId, reference: 'r', application_id: id });
const verifyPhone = async (id: string, phone: string) => {
  const sent = await call(s.app, 'POST', '/v1/validation/mobile/otp/send', {
    token: staff,
    json: { mobile: phone, hostname: SAHAYOG, application_id: id },
  });
  const ok = await call(s.app, 'POST', '/v1/validation/mobile/otp/verify', {
    token: staff,
    json: { session_id: sent.body.data.session_id, purpose: VALIDATION_PURPOSE, otp: s.config.sandboxOtp },
  });
  expect(ok.status).toBe(200);
};
const verifiedApplication = async () => {
  const app = await newApplication();
  expect((await verifyPan(app.id)).status).toBe(200);
  expect((await verifyVoter(app.id)).status).toBe(200);
  await verifyPhone(app.id, app.phone);
  return app;
};
const submit = (id: string, body: unknown, opts: { token?: string; headers?: Record<string, string> } = {}) =>
  call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: opts.token ?? staff, json: body, headers: opts.headers });
const row = async (id: string) =>
  (
    await s.db.query<{ stages: string[]; data: Record<string, unknown> }>(
      `SELECT stages, data FROM applications WHERE tenant_id='sahayog' AND id=$1`,
      [id],
    )
  )[0];
const events = async (id: string, kind = 'borrower_info') =>
  (
    await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM application_events WHERE tenant_id='sahayog' AND application_id=$1 AND kind=$2`,
      [id, kind],
    )
  )[0]?.n;

beforeAll(async () => {
  s = await makeTestServer();
  staff = await signIn(s.app, '9000000001', SAHAYOG);
  colleague = await signIn(s.app, '9000000002', SAHAYOG);
});
afterAll(async () => {
  await s.close();
});

describe('REQ-BORR-1 rules, answered with the first issue', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['amount below the MFI range', { amount_requested: 50_000 }, 'Loan amount must be between 75,000 and 1,25,000'],
    ['amount above the MFI range', { amount_requested: 125_001 }, 'Loan amount must be between 75,000 and 1,25,000'],
    [
      'unsecured tenure',
      { loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 200_000, tenure_requested: 48 },
      'Loan tenure must be between 12 and 36 months',
    ],
    ['terms not accepted', { terms_accepted: false }, 'You must accept the Terms & Conditions'],
    ['born 20 years ago', { dob: yearsAgo(20) }, 'DOB must be between 21 and 60 years'],
    ['born 61 years ago', { dob: yearsAgo(61) }, 'DOB must be between 21 and 60 years'],
    ['age 61', { age: 61 }, 'Age must be between 21 and 60 years'],
    ['bad mobile', { phone: '5876543210' }, 'Invalid mobile number'],
    ['short address', { address: 'MG Road' }, 'Address must be at least 8 characters'],
  ])('%s → 400 %j', async (_n, over, message) => {
    const app = await verifiedApplication();
    const r = await submit(app.id, borrower(app.phone, over));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, status_code: 400, message });
    expect((await row(app.id))?.stages).toEqual([]);
  });
});

describe('the verification gate', () => {
  it.each<[string, (id: string, phone: string) => Promise<unknown>, Record<string, unknown>]>([
    ['nothing verified', async () => undefined, {}],
    [
      'PAN and voter id verified, mobile not',
      async (id) => {
        await verifyPan(id);
        await verifyVoter(id);
      },
      {},
    ],
    [
      'PAN and mobile verified, voter id not',
      async (id, phone) => {
        await verifyPan(id);
        await verifyPhone(id, phone);
      },
      {},
    ],
    [
      'voter id and mobile verified, PAN not',
      async (id, phone) => {
        await verifyVoter(id);
        await verifyPhone(id, phone);
      },
      {},
    ],
    [
      'another PAN was verified than the one submitted',
      async (id, phone) => {
        await verifyPan(id, 'PQRSX5678K');
        await verifyVoter(id);
        await verifyPhone(id, phone);
      },
      {},
    ],
    [
      'another voter id was verified than the one submitted',
      async (id, phone) => {
        await verifyPan(id);
        await verifyVoter(id, 'XYZ7654321');
        await verifyPhone(id, phone);
      },
      {},
    ],
    [
      'the PAN failed verification',
      async (id, phone) => {
        await verifyPan(id, 'ZZZZZ9999Z');
        await verifyVoter(id);
        await verifyPhone(id, phone);
      },
      { pan: 'ZZZZZ9999Z' },
    ],
  ])('%s → 409, nothing stored', async (_n, prepare, over) => {
    const app = await newApplication();
    await prepare(app.id, app.phone);
    const r = await submit(app.id, borrower(app.phone, over));
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ success: false, status_code: 409, message: VERIFY_SERVER_MSG.notVerified });
    const stored = await row(app.id);
    expect(stored?.stages).toEqual([]);
    expect(stored?.data.amount_requested).toBeUndefined();
    expect(await events(app.id)).toBe(0);
  });

  it("verifications are kept per value: a later PAN / voter id (a co-applicant's) does not undo the borrower's", async () => {
    const app = await verifiedApplication();
    expect((await verifyPan(app.id, 'PQRSX5678K')).status).toBe(200);
    expect((await verifyVoter(app.id, 'XYZ7654321')).status).toBe(200);
    // A client body cannot forge the maps.
    await call(s.app, 'PATCH', `/v1/app/mfi/${app.id}`, {
      token: staff,
      json: { verified_pans: { AAAAA1111A: 'X' }, verified_voter_ids: {} },
    });
    const stored = (await row(app.id))?.data;
    expect(stored?.verified_pans).toEqual({ ABCDE1234F: 'RAMESH KUMAR', PQRSX5678K: 'SURESH SHARMA' });
    expect(stored?.verified_voter_ids).toEqual({ ABC1234567: 'RAMESH KUMAR', XYZ7654321: 'SUNITA DEVI' });
    // `verifications` keeps the latest success of each kind.
    expect(stored?.verifications).toMatchObject({ pan: { value: 'PQRSX5678K' }, voter_id: { value: 'XYZ7654321' } });
    const r = await submit(app.id, borrower(app.phone));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.stages).toEqual(['BORROWER_INFO']);
    // The names come from the borrower's own checks: RAMESH KUMAR everywhere, so no deviation.
    expect(r.body.data.deviations).toBeUndefined();
    expect((await submit(app.id, borrower(app.phone, { pan: 'AAAAA1111A' }))).status).toBe(409);
  });

  it('a submit for an application that does not exist is refused and leaves no record behind', async () => {
    const id = 'e'.repeat(32);
    const r = await submit(id, borrower('9876599991'));
    expect(r.status).toBe(409);
    expect(await row(id)).toBeUndefined();
  });

  it('another officer of the tenant cannot submit the borrower of an application they do not own; the review role not while it is a draft', async () => {
    const app = await verifiedApplication();
    const officer = await signIn(s.app, '9000000004', SAHAYOG);
    const r = await submit(app.id, borrower(app.phone), { token: officer });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(SERVER_MSG.forbidden);
    // REQ-ROLE-3: the review role edits through the update calls, once it reviews the application.
    expect((await submit(app.id, borrower(app.phone), { token: colleague })).status).toBe(409);
  });
});

describe('a submit that passes', () => {
  it('merges the fields, adds BORROWER_INFO, keeps the verifications, never the full Aadhaar', async () => {
    const app = await verifiedApplication();
    const r = await submit(app.id, borrower(app.phone, { pan: 'abcde1234f', verifications: { forged: true }, stages: ['REFERENCES'] }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      status_code: 200,
      data: {
        id: app.id,
        phone: app.phone,
        stages: ['BORROWER_INFO'],
        is_phone_verified: true,
        name: 'Ramesh Kumar',
        pan: 'ABCDE1234F',
        amount_requested: 100000,
        aadhaar_last4: '7777',
        terms_accepted: true,
        verifications: {
          pan: { value: 'ABCDE1234F', name: 'RAMESH KUMAR' },
          voter_id: { value: 'ABC1234567', name: 'RAMESH KUMAR' },
          phone: { value: app.phone },
        },
      },
    });
    expect(r.body.data).not.toHaveProperty('aadhaar');
    expect(r.body.data.verifications).not.toHaveProperty('forged');
    const got = await call(s.app, 'GET', `/v1/app/mfi/${app.id}`, { token: staff });
    expect(got.body.data).toEqual(r.body.data);
    const stored = await row(app.id);
    expect(JSON.stringify(stored)).not.toContain(AADHAAR);
    expect(await events(app.id)).toBe(1);
    const ev = await s.db.query<{ body: unknown }>(`SELECT body FROM application_events WHERE application_id=$1 AND kind='borrower_info'`, [
      app.id,
    ]);
    expect(JSON.stringify(ev)).not.toContain(AADHAAR);
  });

  it('stage markers accumulate without duplicates; a changed resubmit updates, an identical one writes nothing', async () => {
    const app = await verifiedApplication();
    await s.db.query(`UPDATE applications SET stages = ARRAY['BORROWER_BASIC_INFO'] WHERE tenant_id='sahayog' AND id=$1`, [app.id]);
    const first = await submit(app.id, borrower(app.phone));
    expect(first.body.data.stages).toEqual(['BORROWER_BASIC_INFO', 'BORROWER_INFO']);
    const changed = await submit(app.id, borrower(app.phone, { amount_requested: 110000 }));
    expect(changed.status).toBe(200);
    expect(changed.body.data.stages).toEqual(['BORROWER_BASIC_INFO', 'BORROWER_INFO']);
    expect(changed.body.data.amount_requested).toBe(110000);
    expect(await events(app.id)).toBe(2);
    const same = await submit(app.id, borrower(app.phone, { amount_requested: 110000 }));
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual(changed.body.data);
    expect(await events(app.id)).toBe(2);
  });

  it('a replay with the same Idempotency-Key answers the same and records one event; another body with that key → 422', async () => {
    const app = await verifiedApplication();
    const headers = { 'Idempotency-Key': `borrower-${app.id}` };
    const first = await submit(app.id, borrower(app.phone), { headers });
    expect(first.status).toBe(200);
    s.advance(1000);
    const replay = await submit(app.id, borrower(app.phone), { headers });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.res.headers.get('idempotent-replayed')).toBe('true');
    expect(await events(app.id)).toBe(1);
    const other = await submit(app.id, borrower(app.phone, { amount_requested: 90000 }), { headers });
    expect(other.status).toBe(422);
    expect((await row(app.id))?.data.amount_requested).toBe(100000);
  });

  it("a name-mismatch deviation is the server's: its own match info, PENDING whatever the client claims; a resubmit keeps the decision", async () => {
    const app = await verifiedApplication();
    // A client's own info (is_match true) and status (APPROVED) are ignored; the server matches the names.
    const claimed = { type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: { is_match: true, score: 1 }, status: 'APPROVED' };
    const r = await submit(app.id, borrower(app.phone, { name: 'Suresh Kumar', deviations: [claimed] }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.deviations).toEqual([
      {
        type: 'BORROWER_NAME_MISMATCH_DEVIATION',
        status: 'PENDING',
        info: {
          is_match: false,
          score: expect.any(Number),
          values: [
            { value: 'RAMESH KUMAR', source: 'PAN' },
            { value: 'RAMESH KUMAR', source: 'VOTER_ID' },
            { value: 'Suresh Kumar', source: 'INPUT' },
          ],
        },
        raised_by: { user_id: expect.any(Number), role: 'INITIATING_OFFICER', at: expect.any(String) },
      },
    ]);
    await s.db.query(
      `UPDATE applications SET data = jsonb_set(data, '{deviations,0,status}', '"APPROVED"') WHERE tenant_id='sahayog' AND id=$1`,
      [app.id],
    );
    const again = await submit(app.id, borrower(app.phone, { name: 'Suresh Kumar' }));
    expect(again.body.data.deviations[0].status).toBe('APPROVED');
    const changed = await submit(app.id, borrower(app.phone, { name: 'Mahesh Kumar' }));
    expect(changed.body.data.deviations[0].status).toBe('PENDING');
    const bad = await submit(app.id, borrower(app.phone, { deviations: [{ type: 'SOMETHING', info: claimed.info }] }));
    expect(bad.status).toBe(400);
  });

  it('the consent is stored with the caller as its officer and when it arrived; a resubmit of it writes nothing', async () => {
    const app = await verifiedApplication();
    const consent = {
      text_version: CONSENT_TEXT_VERSION,
      purposes: ['AADHAAR_OTP', 'CKYC', 'CREDIT_BUREAU'],
      given_at: '2026-11-20T09:15:00.000Z',
      officer_id: 999,
      geo_tag: { latitude: 18.52, longitude: 73.85, accuracy: 12, source: 'device' },
    };
    const first = await submit(app.id, borrower(app.phone, { consent }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const me = (await call(s.app, 'GET', '/v1/user/me', { token: staff })).body.data.id;
    const stored = (await row(app.id))!.data.consent as Record<string, unknown>;
    expect(stored).toMatchObject({ ...consent, officer_id: me, received_at: expect.any(String) });
    expect(me).not.toBe(999);
    const again = await submit(app.id, borrower(app.phone, { consent }));
    expect(again.body.data.consent).toEqual(stored);
    expect(await events(app.id)).toBe(1);
    const bad = await submit(app.id, borrower(app.phone, { consent: { ...consent, purposes: ['SOMETHING_ELSE'] } }));
    expect(bad.status).toBe(400);
  });

  it('the consent keeps the language its text was shown in; a language the phone does not offer → 400', async () => {
    const app = await verifiedApplication();
    const consent = {
      text_version: CONSENT_TEXT_VERSION,
      purposes: ['AADHAAR_OTP', 'CKYC', 'CREDIT_BUREAU'],
      given_at: '2026-11-20T09:15:00.000Z',
      geo_tag: { latitude: 18.52, longitude: 73.85, accuracy: 12, source: 'device' },
    };
    const bad = await submit(app.id, borrower(app.phone, { consent: { ...consent, language: 'fr' } }));
    expect(bad.status).toBe(400);
    expect((await row(app.id))?.data.consent).toBeUndefined();
    const ok = await submit(app.id, borrower(app.phone, { consent: { ...consent, language: 'mr' } }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await row(app.id))!.data.consent).toMatchObject({ language: 'mr' });
  });

  it('a PUT without terms_accepted still only creates or returns the record unchanged', async () => {
    const app = await verifiedApplication();
    await submit(app.id, borrower(app.phone));
    const plain = await call(s.app, 'PUT', `/v1/app/mfi/${app.id}`, {
      token: staff,
      json: { phone: app.phone, name: 'Someone Else', amount_requested: 1 },
    });
    expect(plain.status).toBe(200);
    expect(plain.body.data).toMatchObject({ name: 'Ramesh Kumar', amount_requested: 100000, stages: ['BORROWER_INFO'] });
  });
});

describe('borrower submit: what a queued (offline) submit cannot have asked the phone', () => {
  it('a name mismatch that arrives without a deviation is recorded as one, PENDING for a supervisor', async () => {
    const app = await newApplication();
    expect((await verifyPan(app.id, 'PQRSX5678K')).status).toBe(200);
    expect((await verifyVoter(app.id)).status).toBe(200);
    await verifyPhone(app.id, app.phone);
    const r = await submit(app.id, borrower(app.phone, { pan: 'PQRSX5678K' }));
    expect(r.status).toBe(200);
    expect(r.body.data.deviations).toEqual([
      {
        type: 'BORROWER_NAME_MISMATCH_DEVIATION',
        status: 'PENDING',
        info: {
          is_match: false,
          score: expect.any(Number),
          values: [
            { value: 'SURESH SHARMA', source: 'PAN' },
            { value: 'RAMESH KUMAR', source: 'VOTER_ID' },
            { value: 'Ramesh Kumar', source: 'INPUT' },
          ],
        },
        raised_by: { user_id: expect.any(Number), role: 'INITIATING_OFFICER', at: expect.any(String) },
      },
    ]);
  });

  it("matching names add no deviation, even one the officer sent; a mismatch gets the server's own", async () => {
    const app = await verifiedApplication();
    expect((await submit(app.id, borrower(app.phone))).body.data.deviations).toBeUndefined();
    const other = await newApplication();
    expect((await verifyPan(other.id, 'PQRSX5678K')).status).toBe(200);
    expect((await verifyVoter(other.id)).status).toBe(200);
    await verifyPhone(other.id, other.phone);
    const sent = { type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: { is_match: false, score: 0.1 } };
    expect((await submit(app.id, borrower(app.phone, { deviations: [sent] }))).body.data.deviations).toBeUndefined();
    const r = await submit(other.id, borrower(other.phone, { pan: 'PQRSX5678K', deviations: [sent] }));
    expect(r.body.data.deviations).toEqual([
      {
        type: 'BORROWER_NAME_MISMATCH_DEVIATION',
        status: 'PENDING',
        info: expect.objectContaining({ is_match: false, values: expect.any(Array) }),
        raised_by: { user_id: expect.any(Number), role: 'INITIATING_OFFICER', at: expect.any(String) },
      },
    ]);
  });

  it('a field left out answers its own rule message', async () => {
    const app = await verifiedApplication();
    const { dob: _d, ...noDob } = borrower(app.phone);
    const r = await submit(app.id, noDob);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Enter date of birth as a real date, DD-MM-YYYY');
  });

  it('a rejected application keeps its borrower: a resubmit answers the rejection', async () => {
    const app = await newApplication();
    await s.db.query(`UPDATE applications SET data = data || $2::jsonb WHERE id=$1`, [
      app.id,
      JSON.stringify({ approval_checks: { decision: 'REJECTED', reasons: ['OVERDUE_AMOUNT_PRESENT'] } }),
    ]);
    const r = await submit(app.id, borrower(app.phone));
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Application Rejected!');
  });
});

describe('addStage', () => {
  it.each<[string[], string, string[]]>([
    [[], 'BORROWER_INFO', ['BORROWER_INFO']],
    [['BORROWER_INFO'], 'BORROWER_INFO', ['BORROWER_INFO']],
    [['BORROWER_INFO'], 'BORROWER_BASIC_INFO', ['BORROWER_INFO', 'BORROWER_BASIC_INFO']],
  ])('%j + %s → %j', (stages, stage, expected) => {
    const before = [...stages];
    expect(addStage(stages, stage as 'BORROWER_INFO')).toEqual(expected);
    expect(stages).toEqual(before);
  });
});
