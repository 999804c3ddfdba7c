// Hostile uploads beyond server/routes/files.test.ts: disguised types, pixel floods the simple cases
// miss, oversized requests on every path, hostile file names, and metadata in served images.
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../contracts/messages';
import { blob, call, form, GPS_MARKER, jpegBytes, makeTestServer, pdfBytes, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await makeTestServer({ maxUploadMb: 1 });
  token = await signIn(s.app);
});
afterAll(async () => {
  await s.close();
});

const geo = JSON.stringify({ latitude: 18.5204, longitude: 73.8567, accuracy: 9, source: 'device' });
const ascii = (t: string) => [...t].map((ch) => ch.charCodeAt(0));
const bytesOf = (t: string) => new TextEncoder().encode(t);
const fileCount = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files'))[0]?.n ?? 0;
const upload = (file: Uint8Array, opts: { name?: string; type?: string; path?: string } = {}) =>
  call(s.app, 'POST', opts.path ?? '/v1/file/upload', {
    token,
    body: form(
      { file: blob(file, opts.type ?? 'image/jpeg'), file_type: 'KYC', name_prefix: 'abuse', geo_tag: geo },
      opts.name ?? 'photo.jpg',
    ),
  });

const seg = (marker: number, payload: number[]) => [
  0xff,
  marker,
  ((payload.length + 2) >> 8) & 0xff,
  (payload.length + 2) & 0xff,
  ...payload,
];
const sof = (marker: number, w: number, h: number) => seg(marker, [8, (h >> 8) & 0xff, h & 0xff, (w >> 8) & 0xff, w & 0xff, 1, 1, 0x11, 0]);
const jpeg = (...segments: number[][]) =>
  new Uint8Array([0xff, 0xd8, ...segments.flat(), ...seg(0xda, [1, 1, 0, 0, 0x3f, 0]), 1, 2, 3, 0xff, 0xd9]);

function pngChunk(type: string, data: number[] | Uint8Array): number[] {
  const body = new Uint8Array([...ascii(type), ...data]);
  const len = data.length;
  const crc = crc32(body);
  return [
    (len >>> 24) & 0xff,
    (len >>> 16) & 0xff,
    (len >>> 8) & 0xff,
    len & 0xff,
    ...body,
    (crc >>> 24) & 0xff,
    (crc >>> 16) & 0xff,
    (crc >>> 8) & 0xff,
    crc & 0xff,
  ];
}
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const png = (...chunks: number[][]) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunks.flat()]);
const ihdr = (w: number, h: number) => pngChunk('IHDR', [...u32(w), ...u32(h), 8, 2, 0, 0, 0]);

describe('type by magic bytes, whatever the name and declared type say', () => {
  it.each([
    ['HTML named .jpg, declared image/jpeg', bytesOf('<html><script>alert(1)</script></html>'), 'x.jpg', 'image/jpeg'],
    [
      'SVG with script named .png',
      bytesOf('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.png',
      'image/png',
    ],
    ['Windows executable named .pdf', new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'x.pdf', 'application/pdf'],
    ['ELF binary', new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), 'x.jpg', 'image/jpeg'],
    ['ZIP (docx) named .pdf', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]), 'x.pdf', 'application/pdf'],
    ['GIF', bytesOf('GIF89a\u0001\u0000\u0001\u0000'), 'x.gif', 'image/gif'],
    ['WebP', new Uint8Array([...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBPVP8 ')]), 'x.webp', 'image/webp'],
    [
      'JPEG magic then HTML (no frame header)',
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, ...ascii('<html><script>x</script>')]),
      'x.jpg',
      'image/jpeg',
    ],
    ['PNG signature without IHDR first', png(pngChunk('tEXt', ascii('a')), ihdr(10, 10)), 'x.png', 'image/png'],
    ['PDF magic bytes not at the start', new Uint8Array([0x20, ...ascii('%PDF-1.4')]), 'x.pdf', 'application/pdf'],
  ])('%s → 415', async (_n, bytes, name, type) => {
    const before = await fileCount();
    const r = await upload(bytes, { name, type });
    expect(r.body).toEqual({ success: false, message: SERVER_MSG.fileTypeNotAllowed, status_code: 415 });
    expect(await fileCount()).toBe(before);
  });

  it('an empty file → 400', async () => {
    expect((await upload(new Uint8Array(0))).body).toEqual({ success: false, message: SERVER_MSG.fileMissing, status_code: 400 });
  });
});

describe('pixel floods (decompression bombs): the pixel count is read from the headers, never decoded', () => {
  it.each([
    ['PNG 8000 × 8000 (64 M pixels)', 422, png(ihdr(8000, 8000), pngChunk('IEND', []))],
    ['PNG 1 × 4294967295', 422, png(ihdr(1, 0xffffffff), pngChunk('IEND', []))],
    ['PNG 7000 × 7000 (49 M, under the limit)', 200, png(ihdr(7000, 7000), pngChunk('IEND', []))],
    ['PNG with width 0', 415, png(ihdr(0, 10), pngChunk('IEND', []))],
    ['progressive JPEG (SOF2) 65535 × 65535', 422, jpeg(sof(0xc2, 65535, 65535))],
    [
      'JPEG with a small EXIF thumbnail and a huge main frame',
      422,
      jpeg(seg(0xe1, [...ascii('Exif'), 0, 0, ...jpegBytes(16, 16, false)]), sof(0xc0, 30000, 30000)),
    ],
    ['JPEG whose frame hides behind a large comment', 422, jpeg(seg(0xfe, Array(60000).fill(0x41)), sof(0xc0, 20000, 20000))],
    ['JPEG with height 0 (defined later by DNL)', 415, jpeg(sof(0xc0, 4000, 0))],
  ])('%s → %i', async (_n, status, bytes) => {
    const r = await upload(bytes, { name: 'x.img', type: 'application/octet-stream' });
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    if (status === 422) expect(r.body.message).toBe(SERVER_MSG.imageTooLarge);
  });

  it('a chunked upload of a pixel flood is refused at finalize and leaves no file', async () => {
    const bomb = png(ihdr(100_000, 100_000), pngChunk('IEND', []));
    const before = await fileCount();
    const id = (
      await call(s.app, 'POST', '/v1/uploads', { token, json: { file_name: 'x.png', mime_type: 'image/png', size: bomb.length } })
    ).body.data.upload_id;
    await call(s.app, 'PATCH', `/v1/uploads/${id}`, { token, body: bomb, headers: { 'upload-offset': '0' } });
    const fin = await call(s.app, 'POST', `/v1/uploads/${id}/finalize`, { token });
    expect(fin.body).toEqual({ success: false, message: SERVER_MSG.imageTooLarge, status_code: 422 });
    expect(await fileCount()).toBe(before);
  });
});

describe('size limits (MAX_UPLOAD_MB = 1 here): 413 with the message on every path', () => {
  const tooLarge = { success: false, message: SERVER_MSG.fileTooLarge(1), status_code: 413 };
  it.each([
    ['a single file just over the limit', () => upload(new Uint8Array(1024 * 1024 + 1).fill(0xff))],
    [
      'one file of a bulk upload over the limit',
      () =>
        call(s.app, 'POST', '/v1/file/bulk-upload', {
          token,
          body: form({ files: [blob(pdfBytes()), blob(new Uint8Array(1024 * 1024 + 1))], file_type: 'BANK' }),
        }),
    ],
    [
      'a whole request over 5 × limit + 1 MB, refused before it is read',
      () => call(s.app, 'POST', '/v1/file/upload', { token, body: form({ file: blob(new Uint8Array(6 * 1024 * 1024 + 10)) }) }),
    ],
    [
      'a raw chunk body over the request limit',
      () =>
        call(s.app, 'PATCH', `/v1/uploads/${'f'.repeat(32)}`, {
          token,
          body: new Uint8Array(6 * 1024 * 1024 + 10),
          headers: { 'upload-offset': '0' },
        }),
    ],
    [
      'a chunked upload declaring more than the limit',
      () =>
        call(s.app, 'POST', '/v1/uploads', { token, json: { file_name: 'x.pdf', mime_type: 'application/pdf', size: 1024 * 1024 + 1 } }),
    ],
    // A form's JSON over the limit is 413 in its own words, 'The request is too large' (out-of-range-input.test.ts).
  ])('%s', async (_n, send) => {
    const before = await fileCount();
    const r = await send();
    expect(r.body).toEqual(tooLarge);
    expect(await fileCount()).toBe(before);
  });
});

describe('file names', () => {
  it.each([
    ['../../../../etc/passwd.jpg', 'passwd.jpg'],
    ['..\\..\\windows\\system32\\evil.jpg', 'evil.jpg'],
    ['/absolute/path/shop.jpg', 'shop.jpg'],
    ['..', 'file'],
    ['.htaccess', 'htaccess'],
    ['invoice\u202Egpj.exe', 'invoicegpj.exe'],
    ['tab\tand\u0001control.jpg', 'tabandcontrol.jpg'],
    [`${'a'.repeat(300)}.jpeg`, `${'a'.repeat(115)}.jpeg`],
  ])('%j is stored as %j, and the bytes only under a random id', async (name, stored) => {
    const r = await upload(jpegBytes(), { name });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [row] = await s.db.query<{ original_name: string; path: string }>('SELECT original_name, path FROM files WHERE id=$1', [
      r.body.data.file_id,
    ]);
    expect(row?.original_name).toBe(stored);
    expect(row?.path).toBe(`files/${r.body.data.file_id.slice(0, 2)}/${r.body.data.file_id}`);
  });

  it('bulk upload echoes the safe name, and nothing on disk is named by the client', async () => {
    const r = await call(s.app, 'POST', '/v1/file/bulk-upload', {
      token,
      body: form({ files: [blob(pdfBytes())], file_type: 'BANK' }, '../../statement\u202E.pdf'),
    });
    expect(r.body.data.files[0].name).toBe('statement.pdf');
    const entries = await readdir(s.fileDir, { recursive: true, withFileTypes: true });
    const stored = entries.filter((e) => e.isFile()).map((e) => relative(s.fileDir, join(e.parentPath, e.name)));
    expect(stored.length).toBeGreaterThan(0);
    for (const p of stored) expect(p).toMatch(/^(files\/[0-9a-f]{2}\/[0-9a-f]{32}|uploads\/[0-9a-f]{32}\/\d{9}-[0-9a-f]+)$/);
  });
});

describe('metadata in served images (the geotag stays in the database)', () => {
  const serve = async (fileId: string) => {
    const url = (await call(s.app, 'GET', `/v1/loan-application/presigned-url?file_id=${fileId}`, { token })).body.data.file_url;
    const res = await s.app.fetch(new Request(`http://sahayog.localhost${url}`));
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  };
  const geoOf = async (id: string) => (await s.db.query<{ geo_tag: unknown }>('SELECT geo_tag FROM files WHERE id=$1', [id]))[0]?.geo_tag;

  it('JPEG: EXIF, XMP, IPTC and comments are gone; JFIF, ICC, frame and scan are kept', async () => {
    const original = jpeg(
      seg(0xe1, [...ascii('Exif'), 0, 0, ...ascii(GPS_MARKER)]),
      seg(0xe1, [...ascii('http://ns.adobe.com/xap/1.0/'), 0, ...ascii('<exif:GPSLongitude>73.8567</exif:GPSLongitude>')]),
      seg(0xed, [...ascii('Photoshop 3.0'), 0, ...ascii('8BIM IPTC City=Pune Owner=Ramesh')]),
      seg(0xfe, ascii('Taken by 9876543210')),
      seg(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
      seg(0xe2, [...ascii('ICC_PROFILE'), 0, 1, 1]),
      sof(0xc0, 64, 48),
    );
    const r = await upload(original);
    const served = Buffer.from(await serve(r.body.data.file_id)).toString('latin1');
    for (const leak of [GPS_MARKER, 'Exif', 'GPSLongitude', 'IPTC', 'Ramesh', '9876543210']) expect(served).not.toContain(leak);
    for (const kept of ['JFIF', 'ICC_PROFILE']) expect(served).toContain(kept);
    expect(served.endsWith('\u0001\u0002\u0003\u00ff\u00d9')).toBe(true);
    expect(await geoOf(r.body.data.file_id)).toMatchObject({ latitude: 18.5204, longitude: 73.8567 });
  });

  it('PNG: eXIf, tEXt, zTXt, iTXt and tIME chunks are gone; the image chunks are kept in order', async () => {
    const idat = pngChunk('IDAT', [0x78, 0x9c, 0x63, 0, 0, 0, 1, 0, 1]);
    const original = png(
      ihdr(1, 1),
      pngChunk('eXIf', ascii(`MM\u0000*${GPS_MARKER}`)),
      pngChunk('tEXt', ascii('Comment\u0000Shot at Shaniwar Peth')),
      pngChunk('iTXt', ascii('XML:com.adobe.xmp\u0000\u0000\u0000\u0000\u0000<exif:GPSLatitude>18.52</exif:GPSLatitude>')),
      pngChunk('zTXt', ascii('Author\u0000\u0000x')),
      pngChunk('tIME', [7, 232, 1, 1, 0, 0, 0]),
      idat,
      pngChunk('IEND', []),
    );
    const r = await upload(original, { name: 'x.png', type: 'image/png' });
    expect(r.status).toBe(200);
    const served = await serve(r.body.data.file_id);
    expect(served).toEqual(png(ihdr(1, 1), idat, pngChunk('IEND', [])));
    expect(await geoOf(r.body.data.file_id)).toMatchObject({ latitude: 18.5204 });
  });

  it('a JPEG uploaded in chunks is served stripped too', async () => {
    const bytes = jpegBytes(64, 48, true);
    const id = (
      await call(s.app, 'POST', '/v1/uploads', {
        token,
        json: { file_name: 'c.jpg', mime_type: 'image/jpeg', size: bytes.length, geo_tag: { latitude: 18.5, longitude: 73.8 } },
      })
    ).body.data.upload_id;
    await call(s.app, 'PATCH', `/v1/uploads/${id}`, { token, body: new Uint8Array(bytes), headers: { 'upload-offset': '0' } });
    const fileId = (await call(s.app, 'POST', `/v1/uploads/${id}/finalize`, { token })).body.data.file_id;
    expect(Buffer.from(await serve(fileId)).toString('latin1')).not.toContain(GPS_MARKER);
    expect(await geoOf(fileId)).toMatchObject({ latitude: 18.5, longitude: 73.8 });
  });
});
