// 'Join us' (POST /v1/join-us/upload-file, /v1/join-us/request, GET /v1/join-us/track): no token, REQ-PUB-3 rules
// with the REQ-PROF-2 profile messages, documents that are join-us uploads of the tenant, one open request per mobile,
// tracking by mobile ('Invalid mobile') with nothing personal in the answer, per-address limits, idempotent retries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SERVER_MSG } from '../../contracts/messages';
import { PARTNER_MSG, PARTNER_TRACKER_PATTERN } from '../../contracts/partner';
import { blob, call, form, jpegBytes, makeTestServer, pdfBytes, publicSignIn, signIn, type TestServer } from '../test-helpers';

const UDAAN = 'udaan.localhost';
let s: TestServer;
let seq = 0;
const nextMobile = () => `77${String(10_000_000 + ++seq).slice(-8)}`;

const uploadDoc = async (opts: { host?: string; token?: string; fields?: Record<string, string> } = {}, server = s) => {
  const r = await call(server.app, 'POST', '/v1/join-us/upload-file', {
    host: opts.host,
    token: opts.token,
    body: form({ file: blob(pdfBytes()), file_type: 'JOIN_US', ...opts.fields }, 'doc.pdf'),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.file_id as string;
};

/** A valid request body with its four documents (and the optional GST certificate) uploaded through join-us. */
async function requestBody(over: Record<string, unknown> = {}, host?: string) {
  return {
    first_name: 'Ravi',
    last_name: 'Shinde',
    mobile: nextMobile(),
    business_name: 'Shinde Finserv',
    gst_number: '27AAPFU0939F1ZV',
    email: 'ravi@shinde.example',
    pincode: '411001',
    city: 'Pune',
    state: 'Maharashtra',
    address: '21 Karve Road, Kothrud',
    bank_name: 'State Bank of India',
    account_number: '123456789012',
    ifsc: 'sbin0001234',
    pan: await uploadDoc({ host }),
    aadhaar_front: await uploadDoc({ host }),
    aadhaar_back: await uploadDoc({ host }),
    gst: await uploadDoc({ host }),
    cancelled_cheque: await uploadDoc({ host }),
    ...over,
  };
}
const submit = (json: unknown, opts: { host?: string; headers?: Record<string, string>; token?: string } = {}, server = s) =>
  call(server.app, 'POST', '/v1/join-us/request', { host: opts.host, headers: opts.headers, token: opts.token, json });
const track = (query: string, host?: string, server = s) => call(server.app, 'GET', `/v1/join-us/track?${query}`, { host });
const requestCount = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM partner_requests'))[0]?.n;

beforeAll(async () => {
  s = await makeTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('POST /v1/join-us/upload-file', () => {
  it('needs no token (an expired one is ignored); the document belongs to no application', async () => {
    const expired = (await publicSignIn(s.app, nextMobile())).token;
    const id = await uploadDoc({ token: expired, fields: { application_id: 'a'.repeat(32) } });
    s.advance(s.config.guestTokenTtlS * 1000 + 1);
    await uploadDoc({ token: expired });
    const [row] = await s.db.query<{ owner: string; application_id: string | null; mime: string }>(
      'SELECT owner, application_id, mime FROM files WHERE id=$1',
      [id],
    );
    expect(row).toEqual({ owner: 'join-us', application_id: null, mime: 'application/pdf' });
  });

  it('has the upload checks: no file 400, a type the bytes do not allow 415', async () => {
    expect((await call(s.app, 'POST', '/v1/join-us/upload-file', { body: form({ file_type: 'JOIN_US' }) })).body).toEqual({
      success: false,
      status_code: 400,
      message: SERVER_MSG.fileMissing,
    });
    expect(
      (await call(s.app, 'POST', '/v1/join-us/upload-file', { body: form({ file: blob(new TextEncoder().encode('GIF89a....')) }) })).status,
    ).toBe(415);
  });
});

describe('POST /v1/join-us/request', () => {
  it('stores the request and answers its tracker id (PTR + 10 hex) and status SUBMITTED', async () => {
    const body = await requestBody();
    const r = await submit(body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      success: true,
      status_code: 200,
      message: PARTNER_MSG.submitted,
      data: { tracker_id: expect.stringMatching(PARTNER_TRACKER_PATTERN), status: 'SUBMITTED' },
    });
    const [row] = await s.db.query<{ mobile: string; status: string; data: Record<string, unknown> }>(
      'SELECT mobile, status, data FROM partner_requests WHERE tracker_id=$1',
      [r.body.data.tracker_id],
    );
    expect(row).toMatchObject({ mobile: body.mobile, status: 'SUBMITTED', data: { ...body, ifsc: 'SBIN0001234' } });
  });

  it('business name, GST number and GST certificate are optional', async () => {
    const { business_name: _b, gst_number: _g, gst: _f, ...rest } = await requestBody();
    expect((await submit(rest)).status).toBe(200);
  });

  it('takes the fields as a url-encoded form too', async () => {
    const body = await requestBody();
    const r = await call(s.app, 'POST', '/v1/join-us/request', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body as Record<string, string>).toString(),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it.each<[string, Record<string, unknown> | string, string]>([
    ['first_name under 2', { first_name: 'R' }, MSG.invalidFirstName],
    ['last_name left out', 'last_name', MSG.invalidLastName],
    ['mobile not 10 digits from 6', { mobile: '5123456789' }, MSG.invalidMobile],
    ['email', { email: 'ravi@' }, MSG.invalidEmail],
    ['pincode from 0', { pincode: '011001' }, MSG.invalidPincode],
    ['city empty', { city: ' ' }, MSG.invalidCity],
    ['state left out', 'state', MSG.invalidState],
    ['address under 8', { address: 'Kothrud' }, MSG.invalidAddress],
    ['bank_name under 3', { bank_name: 'SB' }, MSG.invalidBankName],
    ['account_number under 9 digits', { account_number: '12345678' }, MSG.invalidAccountNumber],
    ['ifsc without the 0', { ifsc: 'SBIN1001234' }, MSG.invalidIfsc],
    ['pan left out', 'pan', MSG.invalidPan],
    ['aadhaar_front empty', { aadhaar_front: '' }, MSG.invalidAadhaarFront],
    ['aadhaar_back left out', 'aadhaar_back', MSG.invalidAadhaarBack],
    ['cancelled_cheque left out', 'cancelled_cheque', MSG.invalidCancelledCheque],
  ])('%s → 400 with its message, nothing stored', async (_n, change, message) => {
    const body: Record<string, unknown> = await requestBody();
    if (typeof change === 'string') delete body[change];
    else Object.assign(body, change);
    const before = await requestCount();
    expect((await submit(body)).body).toEqual({ success: false, status_code: 400, message });
    expect(await requestCount()).toBe(before);
  });

  it('the first failing field in order is the one answered', async () => {
    expect((await submit({})).body.message).toBe(MSG.invalidFirstName);
    expect((await submit({ ...(await requestBody()), address: 'x', bank_name: 'x' })).body.message).toBe(MSG.invalidAddress);
  });

  it.each([
    [
      'a staff upload',
      async () => {
        const staff = await signIn(s.app);
        const r = await call(s.app, 'POST', '/v1/file/upload', { token: staff, body: form({ file: blob(jpegBytes()), file_type: 'KYC' }) });
        return r.body.data.file_id as string;
      },
    ],
    ["another tenant's join-us upload", () => uploadDoc({ host: UDAAN })],
    ['an unknown id', async () => 'f'.repeat(32)],
  ])('a document that is %s → 400, nothing stored', async (_n, fileId) => {
    const before = await requestCount();
    const r = await submit(await requestBody({ pan: await fileId() }));
    expect(r.body).toEqual({ success: false, status_code: 400, message: PARTNER_MSG.fileNotFound });
    expect(await requestCount()).toBe(before);
  });

  it('one open request per tenant and mobile: a second → 409; another tenant, or after a decision, a new one', async () => {
    const body = await requestBody();
    expect((await submit(body)).status).toBe(200);
    expect((await submit(await requestBody({ mobile: body.mobile }))).body).toEqual({
      success: false,
      status_code: 409,
      message: PARTNER_MSG.alreadyOpen,
    });
    expect((await submit(await requestBody({ mobile: body.mobile }, UDAAN), { host: UDAAN })).status).toBe(200);
    await s.db.query(`UPDATE partner_requests SET status='REJECTED' WHERE tenant_id='sahayog' AND mobile=$1`, [body.mobile]);
    expect((await submit(await requestBody({ mobile: body.mobile }))).status).toBe(200);
  });

  it('a retry with the same Idempotency-Key answers the same tracker id and stores one request', async () => {
    const body = await requestBody();
    const headers = { 'Idempotency-Key': `join-us-${seq}` };
    const first = await submit(body, { headers });
    const again = await submit(body, { headers });
    expect(again.body).toEqual(first.body);
    expect(again.res.headers.get('idempotent-replayed')).toBe('true');
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM partner_requests WHERE mobile=$1', [body.mobile]))[0]?.n).toBe(
      1,
    );
  });

  it('no log line holds the mobile, the account number or a document id', async () => {
    const body = await requestBody({ account_number: '987654321098765' });
    await submit(body);
    await track(`tracker_id=${body.mobile}`);
    const text = JSON.stringify(s.logs);
    for (const secret of [body.mobile, body.account_number, body.pan]) expect(text).not.toContain(secret);
  });
});

describe('GET /v1/join-us/track', () => {
  it("by tracker_id (a mobile) or mobile: the requests newest first, the latest one's status as the message, nothing personal", async () => {
    const body = await requestBody();
    const first = await submit(body);
    await s.db.query(`UPDATE partner_requests SET status='APPROVED', updated_at=now() WHERE tracker_id=$1`, [first.body.data.tracker_id]);
    s.advance(60_000);
    const second = await submit(await requestBody({ mobile: body.mobile }));
    const r = await track(`tracker_id=${body.mobile}&hostname=sahayog.localhost`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(PARTNER_MSG.status(second.body.data.tracker_id, 'SUBMITTED'));
    expect(r.body.data.requests).toEqual([
      { tracker_id: second.body.data.tracker_id, status: 'SUBMITTED', created_at: expect.any(String), updated_at: expect.any(String) },
      { tracker_id: first.body.data.tracker_id, status: 'APPROVED', created_at: expect.any(String), updated_at: expect.any(String) },
    ]);
    expect((await track(`mobile=${body.mobile}`)).body).toEqual(r.body);
  });

  it.each(['', 'tracker_id=12345', 'tracker_id=5123456789', 'mobile=98765abcde'])(
    "a malformed mobile (%s) → 400 'Invalid mobile'",
    async (q) => {
      expect((await track(q)).body).toEqual({ success: false, status_code: 400, message: MSG.invalidTrackingMobile });
    },
  );

  it('by the request id shown on success (any case, spaces ignored): that one request, on its tenant only', async () => {
    const body = await requestBody();
    const first = await submit(body);
    const id = first.body.data.tracker_id as string;
    await s.db.query(`UPDATE partner_requests SET status='UNDER_REVIEW' WHERE tracker_id=$1`, [id]);
    const r = await track(`tracker_id=${id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(PARTNER_MSG.status(id, 'UNDER_REVIEW'));
    expect(r.body.data.requests).toEqual([
      { tracker_id: id, status: 'UNDER_REVIEW', created_at: expect.any(String), updated_at: expect.any(String) },
    ]);
    expect(JSON.stringify(r.body)).not.toContain(body.mobile);
    expect(
      (await track(`tracker_id=${encodeURIComponent(` ${id.toLowerCase().slice(0, 6)} ${id.toLowerCase().slice(6)} `)}`)).body,
    ).toEqual(r.body);
    expect((await track(`mobile=${id}`)).body).toEqual(r.body);
    expect((await track(`tracker_id=${id}`, UDAAN)).body).toEqual({
      success: false,
      status_code: 404,
      message: PARTNER_MSG.trackerNotFound,
    });
    expect((await track('tracker_id=PTR0000000000')).body).toEqual({
      success: false,
      status_code: 404,
      message: PARTNER_MSG.trackerNotFound,
    });
  });

  it.each(['tracker_id=PTR123', 'tracker_id=PTRZZZZZZZZZZ', `tracker_id=PTR${'A'.repeat(200)}`, "tracker_id=PTR1234567890'--"])(
    'a malformed request id (%s) → 400 in plain words, never 500',
    async (q) => {
      expect((await track(q)).body).toEqual({ success: false, status_code: 400, message: PARTNER_MSG.invalidTracker });
    },
  );

  it('a mobile without requests, or with requests on another tenant only → 404', async () => {
    const body = await requestBody({}, UDAAN);
    expect((await submit(body, { host: UDAAN })).status).toBe(200);
    expect((await track(`tracker_id=${body.mobile}`)).body).toEqual({ success: false, status_code: 404, message: PARTNER_MSG.notFound });
    expect((await track(`tracker_id=${body.mobile}`, UDAAN)).status).toBe(200);
  });
});

describe('per-address limits', () => {
  it('uploads, requests and tracking each have their own budget per window → 429', async () => {
    const limited = await makeTestServer({ joinUsUploadsPerIp: 5, joinUsRequestsPerIp: 1, trackPerIp: 2 });
    try {
      const docs = [];
      for (let i = 0; i < 5; i++) docs.push(await uploadDoc({}, limited));
      const sixth = await call(limited.app, 'POST', '/v1/join-us/upload-file', { body: form({ file: blob(pdfBytes()) }) });
      expect(sixth.body).toEqual({ success: false, status_code: 429, message: SERVER_MSG.tooManyRequests });
      const body = {
        first_name: 'Ravi',
        last_name: 'Shinde',
        mobile: '7700000001',
        email: 'ravi@shinde.example',
        pincode: '411001',
        city: 'Pune',
        state: 'Maharashtra',
        address: '21 Karve Road, Kothrud',
        bank_name: 'State Bank of India',
        account_number: '123456789012',
        ifsc: 'SBIN0001234',
        pan: docs[0],
        aadhaar_front: docs[1],
        aadhaar_back: docs[2],
        cancelled_cheque: docs[3],
      };
      expect((await submit(body, {}, limited)).status).toBe(200);
      expect((await submit({ ...body, mobile: '7700000002' }, {}, limited)).status).toBe(429);
      expect((await track('tracker_id=7700000001', undefined, limited)).status).toBe(200);
      expect((await track('tracker_id=7700000001', undefined, limited)).status).toBe(200);
      expect((await track('tracker_id=7700000001', undefined, limited)).body.status_code).toBe(429);
      limited.advance(limited.config.publicWindowS * 1000 + 1);
      expect((await track('tracker_id=7700000001', undefined, limited)).status).toBe(200);
      expect((await submit({ ...body, mobile: '7700000002' }, {}, limited)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
