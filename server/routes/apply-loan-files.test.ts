// The public visitor's uploads (POST /v1/apply-loan/upload-file, /v1/apply-loan/bulk-upload): a guest token only, for
// the guest's own application (the default when none is named), with the staff uploads' checks and answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../contracts/messages';
import { blob, call, form, jpegBytes, makeTestServer, pdfBytes, publicSignIn, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let guest: { token: string; applicationId: string };
let staff: string;

type FileRow = { owner: string; application_id: string; file_type: string; mime: string; geo_tag: unknown };
const fileRow = async (id: string) =>
  (await s.db.query<FileRow>('SELECT owner, application_id, file_type, mime, geo_tag FROM files WHERE id=$1', [id]))[0];
const fileCount = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files'))[0]?.n;
const upload = (
  fields: Record<string, string | Blob | Blob[]>,
  token: string | undefined = guest.token,
  headers?: Record<string, string>,
) => call(s.app, 'POST', '/v1/apply-loan/upload-file', { token, headers, body: form(fields) });
const bulk = (fields: Record<string, string | Blob | Blob[]>, token: string | undefined = guest.token) =>
  call(s.app, 'POST', '/v1/apply-loan/bulk-upload', { token, body: form(fields) });

beforeAll(async () => {
  s = await makeTestServer({ maxUploadMb: 1 });
  guest = await publicSignIn(s.app, '8822200001');
  staff = await signIn(s.app);
});
afterAll(async () => {
  await s.close();
});

describe('POST /v1/apply-loan/upload-file', () => {
  it("stores the file for the guest's own application (named or not), with its geotag", async () => {
    const geo = JSON.stringify({ latitude: 18.52, longitude: 73.85 });
    const r = await upload({
      file: blob(jpegBytes()),
      file_type: 'BORROWER_PHOTO',
      upload_type: 'LOAN_APPLICANT_PERSONAL_INFO',
      geo_tag: geo,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      success: true,
      status_code: 200,
      data: { file_id: expect.stringMatching(/^[0-9a-f]{32}$/), parsed_data: null },
    });
    expect(await fileRow(r.body.data.file_id)).toMatchObject({
      application_id: guest.applicationId,
      owner: `guest-app:${guest.applicationId}`,
      file_type: 'BORROWER_PHOTO',
      mime: 'image/jpeg',
      geo_tag: { latitude: 18.52, longitude: 73.85 },
    });
    const named = await upload({ file: blob(pdfBytes()), file_type: 'PAN', application_id: guest.applicationId });
    expect((await fileRow(named.body.data.file_id))?.application_id).toBe(guest.applicationId);
  });

  it.each([
    ['no token → 401', 'none', 401, SERVER_MSG.unauthorized],
    ['a staff token (staff use /v1/file/upload) → 403', 'staff', 403, SERVER_MSG.forbidden],
  ])('%s', async (_n, who, status, message) => {
    const before = await fileCount();
    const r = await call(s.app, 'POST', '/v1/apply-loan/upload-file', {
      token: who === 'staff' ? staff : undefined,
      body: form({ file: blob(jpegBytes()), file_type: 'KYC' }),
    });
    expect(r.body).toEqual({ success: false, status_code: status, message });
    expect(await fileCount()).toBe(before);
  });

  it.each([
    ['another application', () => ({ file: blob(jpegBytes()), application_id: 'e'.repeat(32) }), 403, SERVER_MSG.forbidden],
    ['no file part', () => ({ file_type: 'KYC' }), 400, SERVER_MSG.fileMissing],
    ['a file over the limit', () => ({ file: blob(new Uint8Array(1024 * 1024 + 1).fill(0xff)) }), 413, SERVER_MSG.fileTooLarge(1)],
    [
      'a type the bytes do not allow',
      () => ({ file: blob(new TextEncoder().encode('GIF89a........')) }),
      415,
      SERVER_MSG.fileTypeNotAllowed,
    ],
  ])('refuses %s (%i), nothing stored', async (_n, fields, status, message) => {
    const before = await fileCount();
    const r = await upload(fields());
    expect(r.body).toEqual({ success: false, status_code: status, message });
    expect(await fileCount()).toBe(before);
  });

  it('a retry with the same Idempotency-Key answers the same file id and stores one file', async () => {
    const before = await fileCount();
    const headers = { 'Idempotency-Key': 'apply-loan-upload-1' };
    const first = await upload({ file: blob(jpegBytes()), file_type: 'AADHAAR_FRONT' }, guest.token, headers);
    const again = await upload({ file: blob(jpegBytes()), file_type: 'AADHAAR_FRONT' }, guest.token, headers);
    expect(again.body).toEqual(first.body);
    expect(again.res.headers.get('idempotent-replayed')).toBe('true');
    expect(await fileCount()).toBe((before ?? 0) + 1);
  });

  it("a retry sent again under the visitor's next token (after a new verify) replays: one file", async () => {
    const before = await fileCount();
    const headers = { 'Idempotency-Key': 'apply-loan-upload-across-tokens' };
    const first = await upload({ file: blob(jpegBytes()), file_type: 'VOTER_ID' }, guest.token, headers);
    const next = await publicSignIn(s.app, '8822200001');
    const again = await upload({ file: blob(jpegBytes()), file_type: 'VOTER_ID' }, next.token, headers);
    expect(again.body).toEqual(first.body);
    expect(await fileCount()).toBe((before ?? 0) + 1);
  });

  it('the visitor back on another day (a new guest token) still opens the file; another visitor cannot', async () => {
    const r = await upload({ file: blob(pdfBytes()), file_type: 'PAN' });
    const later = await publicSignIn(s.app, '8822200001');
    expect(later.applicationId).toBe(guest.applicationId);
    const presign = (token: string) => call(s.app, 'GET', `/v1/loan-application/presigned-url?file_id=${r.body.data.file_id}`, { token });
    expect((await presign(later.token)).status).toBe(200);
    const other = await publicSignIn(s.app, '8822200002');
    expect((await presign(other.token)).body).toEqual({ success: false, status_code: 403, message: SERVER_MSG.forbidden });
  });
});

describe('POST /v1/apply-loan/bulk-upload', () => {
  it("stores every file for the guest's application and answers their ids and names", async () => {
    const r = await bulk({ files: [blob(pdfBytes()), blob(pdfBytes())], file_type: 'BANK_STATEMENT' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.files).toEqual([
      { file_id: expect.stringMatching(/^[0-9a-f]{32}$/), name: '0-photo.jpg' },
      { file_id: expect.stringMatching(/^[0-9a-f]{32}$/), name: '1-photo.jpg' },
    ]);
    for (const f of r.body.data.files) expect((await fileRow(f.file_id))?.application_id).toBe(guest.applicationId);
  });

  it('one bad file refuses the whole request; another application or a staff token → 403', async () => {
    const before = await fileCount();
    expect((await bulk({ files: [blob(pdfBytes()), blob(new TextEncoder().encode('nope'))] })).status).toBe(415);
    expect((await bulk({ files: [blob(pdfBytes())], application_id: 'e'.repeat(32) })).status).toBe(403);
    expect((await bulk({ files: [blob(pdfBytes())] }, staff)).status).toBe(403);
    expect(await fileCount()).toBe(before);
  });
});
