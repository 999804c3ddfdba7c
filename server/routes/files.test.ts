import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../contracts/messages';
import { blob, call, form, GPS_MARKER, jpegBytes, makeTestServer, pdfBytes, pngBytes, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await makeTestServer({ maxUploadMb: 1 });
  token = await signIn(s.app);
});
afterAll(async () => {
  await s.close();
});

const geo = JSON.stringify({ latitude: 18.5204, longitude: 73.8567, accuracy: 12, source: 'device' });
const APP_ID = 'a'.repeat(32);
const upload = (file: Uint8Array, extra: Record<string, string> = {}, opts: { token?: string; host?: string; name?: string } = {}) =>
  call(s.app, 'POST', '/v1/file/upload', {
    token: opts.token ?? token,
    host: opts.host,
    body: form(
      {
        file: blob(file),
        phone: '9876543210',
        file_type: 'KYC',
        application_id: APP_ID,
        upload_type: 'LOAN_APPLICANT_PERSONAL_INFO',
        name_prefix: 'pan',
        record_index: '0',
        geo_tag: geo,
        ...extra,
      },
      opts.name,
    ),
  });

type FileRow = {
  mime: string;
  size: number;
  geo_tag: unknown;
  file_type: string;
  application_id: string;
  record_index: number;
  owner: string;
};
const fileRow = async (id: string) => (await s.db.query<FileRow>('SELECT * FROM files WHERE id=$1', [id]))[0];

async function fetchViaPresigned(fileId: string, t = token, host = 'sahayog.localhost') {
  const p = await call(s.app, 'GET', `/v1/loan-application/presigned-url?file_id=${fileId}`, { token: t, host });
  return p;
}

describe('single upload', () => {
  it('an Aadhaar front answers a simulated reading: the same file reads the same, last 4 digits only', async () => {
    const r = await upload(jpegBytes(), { file_type: 'AADHAAR_FRONT' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const read = r.body.data.parsed_data;
    expect(read).toEqual({
      name: expect.stringMatching(/^\S+ \S+$/),
      dob: expect.stringMatching(/^\d\d-\d\d-\d{4}$/),
      gender: expect.stringMatching(/^(MALE|FEMALE)$/),
      aadhaar_last4: expect.stringMatching(/^\d{4}$/),
    });
    const { readAadhaarFront } = await import('../files/aadhaar-front-reading');
    expect(readAadhaarFront(r.body.data.file_id)).toEqual(read);
    expect((await upload(jpegBytes(), { file_type: 'PAN' })).body.data.parsed_data).toBeNull();
  });
  it.each([
    ['JPEG', jpegBytes(), 'image/jpeg'],
    ['PNG', pngBytes(1280, 720), 'image/png'],
    ['PDF', pdfBytes(), 'application/pdf'],
  ])('accepts a %s and keeps its geotag', async (_n, bytes, mime) => {
    const r = await upload(bytes);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ success: true, data: { file_id: expect.stringMatching(/^[0-9a-f]{32}$/), parsed_data: null } });
    const row = await fileRow(r.body.data.file_id);
    expect(row).toMatchObject({ mime, size: bytes.length, file_type: 'KYC', application_id: APP_ID, record_index: 0 });
    expect(row?.geo_tag).toEqual({ latitude: 18.5204, longitude: 73.8567, accuracy: 12, source: 'device' });
  });

  it('takes the type from the bytes, not the declared name or type', async () => {
    const r = await upload(pngBytes(10, 10), {}, { name: 'looks-like.pdf' });
    expect((await fileRow(r.body.data.file_id))?.mime).toBe('image/png');
  });

  it.each([
    ['too large', new Uint8Array(1024 * 1024 + 1).fill(0xff), 413, SERVER_MSG.fileTooLarge(1)],
    ['not an allowed type', new TextEncoder().encode('GIF89a........'), 415, SERVER_MSG.fileTypeNotAllowed],
    ['a PNG pixel bomb', pngBytes(100_000, 100_000), 422, SERVER_MSG.imageTooLarge],
    ['a JPEG pixel bomb', jpegBytes(65_000, 65_000), 422, SERVER_MSG.imageTooLarge],
    ['a JPEG without a frame header', new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 415, SERVER_MSG.fileTypeNotAllowed],
  ])('refuses %s', async (_n, bytes, status, message) => {
    const before = (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files'))[0]?.n;
    const r = await upload(bytes);
    expect(r.body).toEqual({ success: false, message, status_code: status });
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files'))[0]?.n).toBe(before);
  });

  it('refuses a bad geotag and a missing file', async () => {
    expect((await upload(jpegBytes(), { geo_tag: '{"latitude":"x"}' })).status).toBe(400);
    const noFile = await call(s.app, 'POST', '/v1/file/upload', { token, body: form({ file_type: 'KYC' }) });
    expect([noFile.status, noFile.body.message]).toEqual([400, SERVER_MSG.fileMissing]);
  });

  it('needs a token', async () => {
    expect((await upload(jpegBytes(), {}, { token: 'b'.repeat(64) })).status).toBe(401);
  });
});

describe('captured image and bulk upload', () => {
  it('stores a captured image with its geotag and refuses a PDF there', async () => {
    const r = await call(s.app, 'POST', '/v1/file/upload-captured-image', {
      token,
      body: form({
        file: blob(jpegBytes()),
        file_type: 'BUSINESS_PHOTO',
        application_id: APP_ID,
        upload_type: 'LOAN_APPLICANT_PERSONAL_INFO',
        name_prefix: 'shop',
        geo_tag: geo,
      }),
    });
    expect(r.status).toBe(200);
    expect((await fileRow(r.body.data.file_id))?.geo_tag).toMatchObject({ latitude: 18.5204 });
    const pdf = await call(s.app, 'POST', '/v1/file/upload-captured-image', { token, body: form({ file: blob(pdfBytes()) }) });
    expect(pdf.status).toBe(415);
  });

  it('stores several files, or none when one is bad', async () => {
    const ok = await call(s.app, 'POST', '/v1/file/bulk-upload', {
      token,
      body: form({ files: [blob(pdfBytes()), blob(pdfBytes())], phone: '9876543210', file_type: 'BANK_STATEMENT' }, 'statement.pdf'),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.files).toEqual([
      { file_id: expect.stringMatching(/^[0-9a-f]{32}$/), name: '0-statement.pdf' },
      { file_id: expect.stringMatching(/^[0-9a-f]{32}$/), name: '1-statement.pdf' },
    ]);
    const before = (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files'))[0]?.n;
    const bad = await call(s.app, 'POST', '/v1/file/bulk-upload', {
      token,
      body: form({ files: [blob(pdfBytes()), blob(new TextEncoder().encode('plain text'))], file_type: 'BANK_STATEMENT' }),
    });
    expect(bad.status).toBe(415);
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files'))[0]?.n).toBe(before);
  });
});

describe('presigned URLs', () => {
  it('serves the bytes for 5 minutes, then refuses', async () => {
    const bytes = pdfBytes();
    const id = (await upload(bytes)).body.data.file_id;
    const p = await fetchViaPresigned(id);
    expect(p.body.data.file_url).toMatch(new RegExp(`^/api/main/v1/files/${id}\\?exp=\\d+&by=user%3A\\d+&sig=[0-9a-f]{64}$`));
    const res = await s.app.fetch(new Request(`http://sahayog.localhost${p.body.data.file_url}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    // A tampered signature or a URL used on another tenant's host is refused.
    const tampered = p.body.data.file_url.replace(/sig=./, (m: string) => (m.endsWith('0') ? 'sig=1' : 'sig=0'));
    expect((await s.app.fetch(new Request(`http://sahayog.localhost${tampered}`))).status).toBe(403);
    expect((await s.app.fetch(new Request(`http://udaan.localhost${p.body.data.file_url}`))).status).toBe(403);
    s.advance(5 * 60 * 1000 + 2000);
    const late = await s.app.fetch(new Request(`http://sahayog.localhost${p.body.data.file_url}`));
    expect(late.status).toBe(403);
    expect(await late.json()).toEqual({ success: false, message: SERVER_MSG.linkExpired, status_code: 403 });
  });

  it('lets the staff whose scope reaches its application open a file, not another branch, officer or tenant', async () => {
    expect((await call(s.app, 'PUT', `/v1/app/mfi/${APP_ID}`, { token, json: { phone: '9876543210' } })).status).toBe(201);
    const id = (await upload(pdfBytes())).body.data.file_id;
    const colleague = await signIn(s.app, '9000000002');
    expect((await fetchViaPresigned(id, colleague)).status).toBe(200);
    // Need to know: the review role of another branch is told nothing exists; another officer of the branch is refused.
    expect((await fetchViaPresigned(id, await signIn(s.app, '9000000012'))).status).toBe(404);
    expect((await fetchViaPresigned(id, await signIn(s.app, '9000000004'))).status).toBe(403);
    const stranger = await signIn(s.app, '9000000001', 'udaan.localhost');
    const r = await fetchViaPresigned(id, stranger, 'udaan.localhost');
    expect(r.body).toEqual({ success: false, message: SERVER_MSG.notFound, status_code: 404 });
  });

  it('strips EXIF from a served JPEG and keeps the geotag in the database', async () => {
    const bytes = jpegBytes();
    expect(Buffer.from(bytes).toString('latin1')).toContain(GPS_MARKER);
    const id = (await upload(bytes)).body.data.file_id;
    const url = (await fetchViaPresigned(id)).body.data.file_url;
    const served = new Uint8Array(await (await s.app.fetch(new Request(`http://sahayog.localhost${url}`))).arrayBuffer());
    const text = Buffer.from(served).toString('latin1');
    expect(text).not.toContain(GPS_MARKER);
    expect(text).not.toContain('Exif');
    expect(text).toContain('JFIF');
    expect(served.slice(-6)).toEqual(bytes.slice(-6));
    expect(served.length).toBeLessThan(bytes.length);
    expect((await fileRow(id))?.geo_tag).toMatchObject({ latitude: 18.5204, longitude: 73.8567 });
  });

  it('keeps only the Orientation of a JPEG stored in sensor orientation, so it is served upright', async () => {
    // Big-endian TIFF, as some cameras write it: IFD0 = Make (the GPS marker text, at 38) and Orientation 6.
    const marker = [...Buffer.from(`${GPS_MARKER}\0`, 'latin1')];
    const be16 = (n: number) => [n >> 8, n & 0xff];
    const be32 = (n: number) => [0, 0, ...be16(n)];
    const ifd0 = [...be16(2), ...be16(0x010f), ...be16(2), ...be32(marker.length), ...be32(38)];
    const tiff = [0x4d, 0x4d, 0, 42, ...be32(8), ...ifd0, ...be16(0x0112), ...be16(3), ...be32(1), 0, 6, 0, 0, ...be32(0), ...marker];
    const app1 = [0xff, 0xe1, ...be16(8 + tiff.length), ...Buffer.from('Exif\0\0', 'latin1'), ...tiff];
    const bytes = new Uint8Array([0xff, 0xd8, ...app1, ...jpegBytes(640, 480, false).slice(2)]);
    expect(await exifr.orientation(Buffer.from(bytes))).toBe(6);
    const id = (await upload(bytes)).body.data.file_id;
    const url = (await fetchViaPresigned(id)).body.data.file_url;
    const served = new Uint8Array(await (await s.app.fetch(new Request(`http://sahayog.localhost${url}`))).arrayBuffer());
    expect(Buffer.from(served).toString('latin1')).not.toContain(GPS_MARKER);
    expect(await exifr.orientation(Buffer.from(served))).toBe(6);
  });
});
