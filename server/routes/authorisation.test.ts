// Who can reach what, by id: staff of another tenant (tenant = host name), guests, revoked tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../contracts/messages';
import { blob, call, form, jpegBytes, makeTestServer, pdfBytes, publicSignIn, signIn, type TestServer } from '../test-helpers';

const SAHAYOG = 'sahayog.localhost';
const UDAAN = 'udaan.localhost';
const APP_S = '5'.repeat(32); // an application of sahayog
const APP_U = '7'.repeat(32); // an application of udaan
const PHONE_S = '9876501111';

let s: TestServer;
const t: Record<'staff' | 'colleague' | 'udaanStaff' | 'guest' | 'otherGuest', string> = {} as never;
const f: Record<'staffFile' | 'guestFile' | 'otherGuestFile' | 'udaanFile', string> = {} as never;
let guestUpload: string;

/** A public visitor's guest token (through the public OTP, so it has its own application). */
const guestToken = async (host: string, mobile: string) => (await publicSignIn(s.app, mobile, host)).token;
/** Staff upload for APP_S; a guest for its own application (the default when it names none). */
const uploadAs = async (token: string, host = SAHAYOG, applicationId: string | null = APP_S) => {
  const fields = { file: blob(pdfBytes()), file_type: 'KYC', ...(applicationId ? { application_id: applicationId } : {}) };
  const r = await call(s.app, 'POST', '/v1/file/upload', { token, host, body: form(fields) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.file_id as string;
};
const appRow = async (tenant: string, id: string) =>
  (
    await s.db.query<{ data: unknown; owner_user_id: number; phone: string }>(
      'SELECT data, owner_user_id, phone FROM applications WHERE tenant_id=$1 AND id=$2',
      [tenant, id],
    )
  )[0];

beforeAll(async () => {
  s = await makeTestServer();
  t.staff = await signIn(s.app, '9000000001', SAHAYOG);
  t.colleague = await signIn(s.app, '9000000002', SAHAYOG);
  t.udaanStaff = await signIn(s.app, '9000000001', UDAAN);
  t.guest = await guestToken(SAHAYOG, '9876500001');
  t.otherGuest = await guestToken(SAHAYOG, '9876500002');
  expect(
    (await call(s.app, 'PUT', `/v1/app/mfi/${APP_S}`, { token: t.staff, json: { phone: PHONE_S, name: 'Sahayog borrower' } })).status,
  ).toBeLessThan(300);
  expect(
    (await call(s.app, 'PUT', `/v1/app/mfi/${APP_U}`, { host: UDAAN, token: t.udaanStaff, json: { phone: '9876502222' } })).status,
  ).toBeLessThan(300);
  f.staffFile = await uploadAs(t.staff);
  f.guestFile = await uploadAs(t.guest, SAHAYOG, null);
  f.otherGuestFile = await uploadAs(t.otherGuest, SAHAYOG, null);
  f.udaanFile = await uploadAs(t.udaanStaff, UDAAN);
  guestUpload = (
    await call(s.app, 'POST', '/v1/uploads', { token: t.guest, json: { file_name: 'g.pdf', mime_type: 'application/pdf', size: 10 } })
  ).body.data.upload_id;
});
afterAll(async () => {
  await s.close();
});

type Case = [name: string, who: keyof typeof t, host: string, method: string, path: () => string, status: number, body?: unknown];
const presign = (file: keyof typeof f) => () => `/v1/loan-application/presigned-url?file_id=${f[file]}`;

describe('staff of another tenant (by host name)', () => {
  it.each<Case>([
    ['reads a sahayog application by id from udaan', 'udaanStaff', UDAAN, 'GET', () => `/v1/app/mfi/${APP_S}`, 404],
    [
      'patches a sahayog application by id from udaan',
      'udaanStaff',
      UDAAN,
      'PATCH',
      () => `/v1/app/mfi/${APP_S}`,
      404,
      { name: 'hijacked' },
    ],
    ['finds a sahayog application by phone from udaan', 'udaanStaff', UDAAN, 'GET', () => `/v1/app/mfi/phone-number/${PHONE_S}`, 404],
    ['asks for a sahayog file URL from udaan', 'udaanStaff', UDAAN, 'GET', presign('staffFile'), 404],
    ['looks at a sahayog chunked upload from udaan', 'udaanStaff', UDAAN, 'GET', () => `/v1/uploads/${guestUpload}`, 404],
    ['replays its udaan token on the sahayog host (application)', 'udaanStaff', SAHAYOG, 'GET', () => `/v1/app/mfi/${APP_S}`, 401],
    [
      'replays its udaan token on the sahayog host (patch)',
      'udaanStaff',
      SAHAYOG,
      'PATCH',
      () => `/v1/app/mfi/${APP_S}`,
      401,
      { name: 'hijacked' },
    ],
    ['replays its udaan token on the sahayog host (file URL)', 'udaanStaff', SAHAYOG, 'GET', presign('staffFile'), 401],
    [
      'replays its udaan token on the sahayog host (upload)',
      'udaanStaff',
      SAHAYOG,
      'POST',
      () => '/v1/uploads',
      401,
      { file_name: 'x.pdf', mime_type: 'application/pdf', size: 5 },
    ],
    ['a sahayog officer asks for an udaan file by id', 'staff', SAHAYOG, 'GET', presign('udaanFile'), 404],
    ['a sahayog officer reads an udaan application by id', 'staff', SAHAYOG, 'GET', () => `/v1/app/mfi/${APP_U}`, 404],
  ])('%s → %i', async (_n, who, host, method, path, status, json) => {
    const r = await call(s.app, method, path(), { host, token: t[who], json });
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.body).toMatchObject({ success: false, status_code: status });
  });

  it("leaves the other tenant's records untouched, and its lists and counts never show them", async () => {
    await call(s.app, 'PUT', `/v1/app/mfi/${APP_S}`, {
      host: UDAAN,
      token: t.udaanStaff,
      json: { phone: '9876503333', name: 'udaan own' },
    });
    expect(await appRow('sahayog', APP_S)).toMatchObject({ phone: PHONE_S, data: { name: 'Sahayog borrower' } });
    const list = await call(s.app, 'GET', `/v1/app/mfi?search_by=${PHONE_S}`, { host: UDAAN, token: t.udaanStaff });
    expect(list.body.data.list).toEqual([]);
  });

  it('a signed file URL made for sahayog is refused on the udaan host', async () => {
    const url = (await call(s.app, 'GET', presign('staffFile')(), { token: t.staff })).body.data.file_url;
    expect((await s.app.fetch(new Request(`http://${SAHAYOG}${url}`))).status).toBe(200);
    const other = await s.app.fetch(new Request(`http://${UDAAN}${url}`));
    expect(other.status).toBe(403);
  });

  it('staff of the same tenant may read an application and open its files (docs/decisions.md)', async () => {
    expect((await call(s.app, 'GET', `/v1/app/mfi/${APP_S}`, { token: t.colleague })).status).toBe(200);
    expect((await call(s.app, 'GET', presign('guestFile')(), { token: t.colleague })).status).toBe(200);
  });

  it('the list and count show an officer their own applications, the review and verification roles the whole tenant', async () => {
    const officer2 = await signIn(s.app, '9000000004', SAHAYOG);
    const verifier = await signIn(s.app, '9000000003', SAHAYOG);
    const listed = async (token: string, host = SAHAYOG) =>
      ((await call(s.app, 'GET', `/v1/app/mfi?search_by=${PHONE_S}`, { token, host })).body.data.list as Array<{ id: string }>).map(
        (a) => a.id,
      );
    const count = async (token: string) => (await call(s.app, 'GET', '/v1/app/mfi/count', { token })).body.data.count as number;
    expect(await listed(t.staff)).toEqual([APP_S]);
    expect(await listed(officer2)).toEqual([]);
    expect(await count(officer2)).toBe(0);
    expect(await listed(t.colleague)).toEqual([APP_S]);
    expect(await listed(verifier)).toEqual([APP_S]);
    expect(await count(verifier)).toBeGreaterThanOrEqual(await count(t.staff));
    expect(await listed(t.udaanStaff, UDAAN)).toEqual([]);
  });
});

describe('guest tokens reach only their own things', () => {
  it.each<Case>([
    ['reads a staff application', 'guest', SAHAYOG, 'GET', () => `/v1/app/mfi/${APP_S}`, 403],
    ['patches a staff application', 'guest', SAHAYOG, 'PATCH', () => `/v1/app/mfi/${APP_S}`, 403, { name: 'x' }],
    ['lists applications', 'guest', SAHAYOG, 'GET', () => '/v1/app/mfi', 403],
    ['reads the staff profile endpoint', 'guest', SAHAYOG, 'GET', () => '/v1/user/me', 403],
    ["asks for a staff member's file", 'guest', SAHAYOG, 'GET', presign('staffFile'), 403],
    ["asks for another guest's file", 'guest', SAHAYOG, 'GET', presign('otherGuestFile'), 403],
    ["asks for another tenant's file", 'guest', SAHAYOG, 'GET', presign('udaanFile'), 404],
    ["looks at another guest's chunked upload", 'otherGuest', SAHAYOG, 'GET', () => `/v1/uploads/${guestUpload}`, 404],
    ["writes into another guest's chunked upload", 'otherGuest', SAHAYOG, 'PATCH', () => `/v1/uploads/${guestUpload}`, 404],
    ["finalizes another guest's chunked upload", 'otherGuest', SAHAYOG, 'POST', () => `/v1/uploads/${guestUpload}/finalize`, 404],
    ["(a staff member) looks at a guest's chunked upload", 'staff', SAHAYOG, 'GET', () => `/v1/uploads/${guestUpload}`, 404],
  ])('%s → %i', async (_n, who, host, method, path, status, json) => {
    const r = await call(s.app, method, path(), { host, token: t[who], json });
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    if (status === 403) expect(r.body.message).toBe(SERVER_MSG.forbidden);
  });

  it.each([
    ['/v1/file/upload', () => form({ file: blob(pdfBytes()), file_type: 'KYC', application_id: APP_S })],
    ['/v1/file/upload-captured-image', () => form({ file: blob(jpegBytes()), file_type: 'KYC', application_id: APP_S })],
    ['/v1/file/bulk-upload', () => form({ files: [blob(pdfBytes())], file_type: 'KYC', application_id: APP_S })],
  ])('%s naming another application → 403, nothing stored', async (path, body) => {
    const before = (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files'))[0]?.n;
    const r = await call(s.app, 'POST', path, { token: t.guest, body: body() });
    expect(r.body).toEqual({ success: false, status_code: 403, message: SERVER_MSG.forbidden });
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files'))[0]?.n).toBe(before);
  });

  it('a chunked upload naming another application → 403', async () => {
    const r = await call(s.app, 'POST', '/v1/uploads', {
      token: t.guest,
      json: { file_name: 'g.pdf', mime_type: 'application/pdf', size: 10, application_id: APP_S },
    });
    expect(r.status).toBe(403);
  });

  it('opens its own file and its own upload', async () => {
    expect((await call(s.app, 'GET', presign('guestFile')(), { token: t.guest })).status).toBe(200);
    expect((await call(s.app, 'GET', `/v1/uploads/${guestUpload}`, { token: t.guest })).status).toBe(200);
  });
});

describe('logout revokes the token everywhere, and only that token', () => {
  it('after logout every call with the token is 401; another session of the same officer still works', async () => {
    const token = await signIn(s.app, '9000000003');
    const other = await signIn(s.app, '9000000003');
    const key = { 'Idempotency-Key': 'before-logout' };
    const sendUpload = () =>
      call(s.app, 'POST', '/v1/file/upload', { token, headers: key, body: form({ file: blob(jpegBytes()), file_type: 'KYC' }) });
    expect((await sendUpload()).status).toBe(200);
    expect((await call(s.app, 'PUT', '/v1/user/logout', { token })).status).toBe(200);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/v1/user/me'],
      ['GET', `/v1/app/mfi/${APP_S}`],
      ['PATCH', `/v1/app/mfi/${APP_S}`, { name: 'after logout' }],
      ['GET', '/v1/app/mfi'],
      ['GET', presign('staffFile')()],
      ['POST', '/v1/uploads', { file_name: 'x.pdf', mime_type: 'application/pdf', size: 5 }],
      ['GET', '/v1/bank/list'],
      ['PUT', '/v1/user/logout'],
    ];
    for (const [method, path, json] of calls) {
      const r = await call(s.app, method, path, { token, json });
      expect([method, path, r.status, r.body.message]).toEqual([method, path, 401, SERVER_MSG.sessionExpired]);
    }
    // The answer stored under an Idempotency-Key is not handed to a revoked token either.
    const replay = await sendUpload();
    expect(replay.status).toBe(401);
    expect(replay.res.headers.get('idempotent-replayed')).toBeNull();
    expect((await call(s.app, 'GET', '/v1/user/me', { token: other })).status).toBe(200);
    expect((await appRow('sahayog', APP_S))?.data).toMatchObject({ name: 'Sahayog borrower' });
  });

  it('a guest logging out loses its own file too', async () => {
    const token = await guestToken(SAHAYOG, '9876500009');
    const file = await uploadAs(token, SAHAYOG, null);
    expect((await call(s.app, 'PUT', '/v1/user/logout', { token })).status).toBe(200);
    expect((await call(s.app, 'GET', `/v1/loan-application/presigned-url?file_id=${file}`, { token })).status).toBe(401);
  });
});
