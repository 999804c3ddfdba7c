// A whole officer session in process, with the logs captured: every line carries a request id, and
// no line carries a PAN, an Aadhaar number, an OTP, a token, a mobile, a pincode or a URL signature,
// whether it came in the body, the query or the path, on success or on a server error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blob, call, form, GPS_MARKER, jpegBytes, makeTestServer, signIn, type TestServer } from '../test-helpers';
import { loggablePath } from '../middleware/access-log';

const OTP = '864209';
const WRONG_OTP = '111111';
const STAFF_MOBILE = '9000000001';
const BORROWER_MOBILE = '9876512345';
const PAN = 'ABCDE1234F';
const AADHAAR = '999988887777';
const PINCODE = '411001';
const APP_ID = '3'.repeat(32);

let s: TestServer;
beforeAll(async () => {
  s = await makeTestServer({ sandboxOtp: OTP });
});
afterAll(async () => {
  await s.close();
});

describe('logs', () => {
  it('a sign-in + upload + application flow leaves request ids and no personal values in the logs', async () => {
    s.logs.length = 0;
    const ids: string[] = [];
    const seen = <T extends { res: Response }>(r: T) => {
      ids.push(r.res.headers.get('x-request-id') ?? '');
      return r;
    };

    const sent = seen(
      await call(s.app, 'POST', '/v1/auth/send-otp', {
        json: { mobile: STAFF_MOBILE, hostname: 'sahayog.localhost' },
        headers: { 'x-client-type': 'web' },
      }),
    );
    seen(await call(s.app, 'POST', '/v1/auth/verify-otp', { json: { session_id: sent.body.data.session_id, otp: WRONG_OTP } }));
    const verified = seen(
      await call(s.app, 'POST', '/v1/auth/verify-otp', {
        json: { session_id: sent.body.data.session_id, otp: OTP },
        headers: { 'Idempotency-Key': 'verify-1' },
      }),
    );
    const token = verified.body.data.token as string;
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    seen(
      await call(s.app, 'PUT', `/v1/app/mfi/${APP_ID}`, {
        token,
        json: { phone: BORROWER_MOBILE, name: 'Ramesh Kumar' },
        headers: { 'Idempotency-Key': 'create-1' },
      }),
    );
    seen(
      await call(s.app, 'PATCH', `/v1/app/mfi/${APP_ID}`, {
        token,
        json: { pan: PAN, aadhaar_number: AADHAAR, pincode: PINCODE },
        headers: { 'Idempotency-Key': 'kyc-1' },
      }),
    );
    // The full Aadhaar number is not kept even when a client sends it: only its last 4 digits.
    const [stored] = await s.db.query<{ data: Record<string, unknown> }>('SELECT data FROM applications WHERE id=$1', [APP_ID]);
    expect(JSON.stringify(stored?.data)).not.toContain(AADHAAR);
    expect(stored?.data.aadhaar_last4).toBe(AADHAAR.slice(-4));
    const up = seen(
      await call(s.app, 'POST', '/v1/file/upload', {
        token,
        headers: { 'Idempotency-Key': 'upload-1' },
        body: form(
          {
            file: blob(jpegBytes()),
            phone: BORROWER_MOBILE,
            file_type: 'KYC',
            application_id: APP_ID,
            name_prefix: 'pan',
            geo_tag: '{"latitude":18.5204,"longitude":73.8567}',
          },
          `${PAN}.jpg`,
        ),
      }),
    );
    expect(up.status).toBe(200);
    const chunked = seen(
      await call(s.app, 'POST', '/v1/uploads', { token, json: { file_name: `${AADHAAR}.pdf`, mime_type: 'application/pdf', size: 10 } }),
    );
    expect(chunked.status).toBe(200);
    const presigned = seen(await call(s.app, 'GET', `/v1/loan-application/presigned-url?file_id=${up.body.data.file_id}`, { token }));
    const fileUrl = presigned.body.data.file_url as string;
    const sig = new URL(fileUrl, 'http://x').searchParams.get('sig') ?? '';
    const served = await s.app.fetch(new Request(`http://sahayog.localhost${fileUrl}`));
    ids.push(served.headers.get('x-request-id') ?? '');
    expect(Buffer.from(await served.arrayBuffer()).toString('latin1')).not.toContain(GPS_MARKER);

    // Personal values in the path and the query.
    seen(await call(s.app, 'GET', `/v1/app/mfi/phone-number/${BORROWER_MOBILE}`, { token }));
    seen(await call(s.app, 'GET', `/v1/app/mfi?search_by=${PAN}`, { token }));
    seen(await call(s.app, 'GET', `/v1/pincode/get-city-state?pincode=${PINCODE}`, { token }));
    seen(await call(s.app, 'GET', `/v1/app/mfi/${PAN}`, { token }));
    const aadhaarPath = await s.app.fetch(
      new Request(`http://sahayog.localhost/api/verification/v1/aadhaar/${AADHAAR}/otp`, { headers: { token } }),
    );
    ids.push(aadhaarPath.headers.get('x-request-id') ?? '');

    // A server error while handling a request full of personal data.
    await s.db.exec('ALTER TABLE files RENAME TO files_away');
    const failed = seen(
      await call(s.app, 'POST', '/v1/file/upload', {
        token,
        body: form({ file: blob(jpegBytes()), phone: BORROWER_MOBILE, file_type: 'KYC', name_prefix: PAN }, `${AADHAAR}.jpg`),
      }),
    );
    await s.db.exec('ALTER TABLE files_away RENAME TO files');
    expect(failed.status).toBe(500);

    seen(await call(s.app, 'PUT', '/v1/user/logout', { token }));

    const text = JSON.stringify(s.logs);
    for (const secret of [
      token,
      OTP,
      WRONG_OTP,
      STAFF_MOBILE,
      BORROWER_MOBILE,
      PAN,
      AADHAAR,
      AADHAAR.slice(-8),
      PINCODE,
      sig,
      'Ramesh',
      'search_by',
    ]) {
      expect(text, `logs must not contain ${secret}`).not.toContain(secret);
    }
    // One access line per request, each with its request id; the error line too.
    expect(s.logs.every((l) => typeof l.req_id === 'string' && (l.req_id as string).length >= 8)).toBe(true);
    const logged = new Set(s.logs.map((l) => l.req_id));
    for (const id of ids) expect(logged.has(id), id).toBe(true);
    const error = s.logs.find((l) => l.level === 'error');
    expect(error).toMatchObject({ req_id: failed.res.headers.get('x-request-id'), error: expect.any(String) });
    expect(s.logs.map((l) => l.path).filter(Boolean)).toContain('/api/main/v1/app/mfi/phone-number/:redacted');
  });

  it.each([
    ['/api/main/v1/app/mfi/phone-number/9876543210', '/api/main/v1/app/mfi/phone-number/:redacted'],
    ['/api/verification/v1/pan/ABCDE1234F', '/api/verification/v1/pan/:redacted'],
    ['/api/verification/v1/pan/abcde1234f', '/api/verification/v1/pan/:redacted'],
    ['/api/x/999988887777/otp', '/api/x/:redacted/otp'],
    ['/api/x/ramesh%40example.com', '/api/x/:redacted'],
    ['/api/main/v1/files/0123456789abcdef0123456789abcdef', '/api/main/v1/files/0123456789abcdef0123456789abcdef'],
    ['/api/main/v1/app/mfi/count', '/api/main/v1/app/mfi/count'],
    // A mobile or Aadhaar written with spaces, dashes or dots is still one.
    ['/api/main/v1/app/mfi/phone-number/98765%2043210', '/api/main/v1/app/mfi/phone-number/:redacted'],
    ['/api/main/v1/app/mfi/phone-number/98765-43210', '/api/main/v1/app/mfi/phone-number/:redacted'],
    ['/api/main/v1/app/mfi/phone-number/+91.98765.43210', '/api/main/v1/app/mfi/phone-number/:redacted'],
    ['/api/main/v1/x/9999%208888%207777', '/api/main/v1/x/:redacted'],
    ['/api/main/v1/x/12-34-56', '/api/main/v1/x/:redacted'],
    ['/api/main/v1/x/v1-2', '/api/main/v1/x/v1-2'],
    ['/api/main/v1/app/mfi/phone-number/98765:43210', '/api/main/v1/app/mfi/phone-number/:redacted'],
    ['/api/main/v1/x/98765/43210/otp', '/api/main/v1/x/:redacted/:redacted/otp'],
  ])('logs %s as %s', (path, logged) => {
    expect(loggablePath(path)).toBe(logged);
  });
});

describe('secrets at rest', () => {
  it('the login token of a verify-otp sent with an Idempotency-Key is not kept for replay', async () => {
    const token = await signIn(s.app, '9000000002', 'sahayog.localhost', OTP);
    const sent = await call(s.app, 'POST', '/v1/auth/send-otp', {
      json: { mobile: '9000000003', hostname: 'x' },
      headers: { 'x-client-type': 'web' },
    });
    const v = await call(s.app, 'POST', '/v1/auth/verify-otp', {
      json: { session_id: sent.body.data.session_id, otp: OTP },
      headers: { 'Idempotency-Key': 'verify-2' },
    });
    expect(v.status).toBe(200);
    const rows = await s.db.query<Record<string, unknown>>('SELECT * FROM idempotency_keys');
    const dump = JSON.stringify(rows) + JSON.stringify(await s.db.query('SELECT * FROM sessions'));
    for (const t of [token, v.body.data.token]) expect(dump).not.toContain(t);
    // The same key again runs for real (the code is used now): no stored token comes back.
    const again = await call(s.app, 'POST', '/v1/auth/verify-otp', {
      json: { session_id: sent.body.data.session_id, otp: OTP },
      headers: { 'Idempotency-Key': 'verify-2' },
    });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).not.toContain(v.body.data.token);
  });
});
