// A file uploaded for an application is decided by the authority table ('files.attach': owner in DRAFT / HANDED_OVER /
// REJECTED, verification role at its visits, review role under review) on every upload path, multipart, chunked and
// guest alike: otherwise another officer could attach files to an application that is not his, and anyone could add
// files to a sanctioned loan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORITY_MSG } from '../../contracts/authority';
import { SERVER_MSG } from '../../contracts/messages';
import { nextApplication } from '../test-borrower';
import { blob, call, form, jpegBytes, makeTestServer, publicSignIn, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let owner: string;
let officer: string;
beforeAll(async () => {
  s = await makeTestServer();
  owner = await signIn(s.app, '9000000001');
  officer = await signIn(s.app, '9000000004');
}, 60_000);
afterAll(async () => {
  await s.close();
});

const fileCount = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files'))[0]!.n;
const sanction = (id: string) =>
  s.db.query(`UPDATE applications SET status='PD2_COMPLETE', data = data || '{"sanctioned": true}'::jsonb WHERE id=$1`, [id]);
const toPd1Review = (id: string) =>
  s.db.query(`UPDATE applications SET status='PD1_REVIEW', stages = stages || ARRAY['BANK_ACCOUNT'] WHERE id=$1`, [id]);
const draft = async () => {
  const { id, phone } = nextApplication();
  expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: owner, json: { phone } })).status).toBe(201);
  return id;
};

const multipart = (path: string, token: string, applicationId?: string) =>
  call(s.app, 'POST', path, {
    token,
    body: form({ file: blob(jpegBytes(), 'image/jpeg'), file_type: 'KYC', ...(applicationId ? { application_id: applicationId } : {}) }),
  });
/** Create, send and finalize a chunked upload: the first refusal's answer, or the finalize answer. */
async function chunked(token: string, applicationId?: string) {
  const bytes = jpegBytes();
  const created = await call(s.app, 'POST', '/v1/uploads', {
    token,
    json: {
      file_name: 'x.jpg',
      mime_type: 'image/jpeg',
      size: bytes.length,
      file_type: 'KYC',
      ...(applicationId ? { application_id: applicationId } : {}),
    },
  });
  if (created.status !== 200) return created;
  const id = created.body.data.upload_id as string;
  const sent = await call(s.app, 'PATCH', `/v1/uploads/${id}`, { token, body: blob(bytes), headers: { 'upload-offset': '0' } });
  if (sent.status !== 200) return sent;
  return call(s.app, 'POST', `/v1/uploads/${id}/finalize`, { token });
}

describe('staff: another officer, a sanctioned loan', () => {
  it.each([
    ['multipart', (t: string, id: string) => multipart('/v1/file/upload', t, id)],
    ['captured image', (t: string, id: string) => multipart('/v1/file/upload-captured-image', t, id)],
    ['chunked', chunked],
  ])("%s: another officer naming the owner's application → 403, nothing stored", async (_n, send) => {
    const id = await draft();
    const before = await fileCount();
    const r = await send(officer, id);
    expect(r.body).toEqual({ success: false, status_code: 403, message: AUTHORITY_MSG.notYours });
    expect(await fileCount()).toBe(before);
  });

  it.each([
    ['multipart', (t: string, id: string) => multipart('/v1/file/upload', t, id)],
    ['chunked', chunked],
  ])('%s: the owner on a sanctioned loan → 409', async (_n, send) => {
    const id = await draft();
    await sanction(id);
    const before = await fileCount();
    const r = await send(owner, id);
    expect(r.body).toEqual({ success: false, status_code: 409, message: AUTHORITY_MSG.sanctioned });
    expect(await fileCount()).toBe(before);
  });

  it('a chunked upload begun in time is decided again at finalize, on the state then', async () => {
    const id = await draft();
    const bytes = jpegBytes();
    const created = await call(s.app, 'POST', '/v1/uploads', {
      token: owner,
      json: { file_name: 'x.jpg', mime_type: 'image/jpeg', size: bytes.length, application_id: id },
    });
    expect(created.status).toBe(200);
    const upload = created.body.data.upload_id as string;
    await call(s.app, 'PATCH', `/v1/uploads/${upload}`, { token: owner, body: blob(bytes), headers: { 'upload-offset': '0' } });
    await sanction(id);
    const fin = await call(s.app, 'POST', `/v1/uploads/${upload}/finalize`, { token: owner });
    expect(fin.body).toEqual({ success: false, status_code: 409, message: AUTHORITY_MSG.sanctioned });
  });
});

describe("a guest on its own application, past the visitor's part", () => {
  it.each([
    ['apply-loan upload', (t: string) => multipart('/v1/apply-loan/upload-file', t)],
    [
      'apply-loan bulk',
      (t: string) =>
        call(s.app, 'POST', '/v1/apply-loan/bulk-upload', { token: t, body: form({ files: [blob(jpegBytes(), 'image/jpeg')] }) }),
    ],
    ['staff upload path', (t: string) => multipart('/v1/file/upload', t)],
    ['chunked', (t: string) => chunked(t)],
  ])('%s: under PD1 review → 409, sanctioned → 409; still 200 in its draft', async (_n, send) => {
    const mobile = `91234${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
    const guest = await publicSignIn(s.app, mobile);
    expect((await send(guest.token)).status).toBe(200);
    await toPd1Review(guest.applicationId);
    const before = await fileCount();
    expect((await send(guest.token)).body).toEqual({ success: false, status_code: 409, message: AUTHORITY_MSG.notNow });
    await sanction(guest.applicationId);
    expect((await send(guest.token)).body).toEqual({ success: false, status_code: 409, message: AUTHORITY_MSG.sanctioned });
    expect(await fileCount()).toBe(before);
  });

  it('a guest naming another application on the chunked path → 403 (unchanged)', async () => {
    const guest = await publicSignIn(s.app, '9123455501');
    const r = await chunked(guest.token, await draft());
    expect(r.body).toEqual({ success: false, status_code: 403, message: SERVER_MSG.forbidden });
  });
});
