// Bytes are stored before the row that names them commits; when that commit fails in a live process the
// bytes go too (server/storage/file-store.ts unlessCommitted), for a single upload, a chunk and a finalize.
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaultInjector } from '../middleware/fault-injection';
import { blob, call, form, jpegBytes, makeTestServer, signIn, type TestServer } from '../test-helpers';

const faults = createFaultInjector();
let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await makeTestServer({}, { faults });
  token = await signIn(s.app);
});
afterAll(async () => {
  await s.close();
});

const stored = async () => (await readdir(s.fileDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
const failNext = (method: string, path: RegExp) =>
  faults.add({ fault: { kind: 'rollback' }, times: 1, match: (m, p) => m === method && path.test(p) });

describe('a failed commit leaves no stored bytes', () => {
  it('single upload, chunk and finalize', async () => {
    const photo = jpegBytes(640, 480, false);
    failNext('POST', /\/v1\/file\/upload$/);
    const up = await call(s.app, 'POST', '/v1/file/upload', {
      token,
      body: form({ file: blob(photo, 'image/jpeg') }),
      headers: { 'Idempotency-Key': 'k-up' },
    });
    expect(up.status).toBe(500);
    expect(await stored()).toBe(0);

    const id = (
      await call(s.app, 'POST', '/v1/uploads', { token, json: { file_name: 'a.jpg', mime_type: 'image/jpeg', size: photo.length } })
    ).body.data.upload_id;
    const patch = (key: string) =>
      call(s.app, 'PATCH', `/v1/uploads/${id}`, {
        token,
        body: new Uint8Array(photo),
        headers: { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'Idempotency-Key': key },
      });
    failNext('PATCH', /\/v1\/uploads\//);
    expect((await patch('k-chunk-1')).status).toBe(500);
    expect(await stored()).toBe(0);
    expect((await patch('k-chunk-2')).status).toBe(200);
    expect(await stored()).toBe(1);

    failNext('POST', /\/finalize$/);
    const fin = () => call(s.app, 'POST', `/v1/uploads/${id}/finalize`, { token, headers: { 'Idempotency-Key': 'k-fin' } });
    expect((await fin()).status).toBe(500);
    expect(await stored()).toBe(1);
    const done = await fin();
    expect(done.status).toBe(200);
    // The file, and no part any more.
    expect(await stored()).toBe(1);
    expect((await readdir(s.fileDir, { recursive: true })).some((p) => p.includes(done.body.data.file_id))).toBe(true);
  });
});
