import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../contracts/messages';
import { call, jpegBytes, makeTestServer, pngBytes, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await makeTestServer({ maxUploadMb: 1 });
  token = await signIn(s.app);
});
afterAll(async () => {
  await s.close();
});

const patch = (id: string, offset: number | string, chunk: Uint8Array, t = token) =>
  call(s.app, 'PATCH', `/v1/uploads/${id}`, {
    token: t,
    body: new Uint8Array(chunk),
    headers: { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
  });

function bigJpeg(size: number): Uint8Array {
  const head = jpegBytes(1600, 1200, false);
  const out = new Uint8Array(size);
  out.set(head.subarray(0, head.length - 2));
  out.set([0xff, 0xd9], size - 2);
  return out;
}

describe('chunked upload', () => {
  it('uploads in chunks, resumes after a wrong offset, and finalizes into a file', async () => {
    const bytes = bigJpeg(300_000);
    const created = await call(s.app, 'POST', '/v1/uploads', {
      token,
      json: {
        file_name: 'shop.jpg',
        mime_type: 'image/jpeg',
        size: bytes.length,
        file_type: 'SHOP',
        application_id: 'b'.repeat(32),
        geo_tag: { latitude: 18.5, longitude: 73.8 },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toEqual({ upload_id: expect.stringMatching(/^[0-9a-f]{32}$/), offset: 0, chunk_size: 1024 * 1024 });
    const id = created.body.data.upload_id as string;

    expect((await patch(id, 0, bytes.subarray(0, 100_000))).body.data).toEqual({ offset: 100_000 });
    // The connection dropped and the client lost track: it re-sends an old chunk.
    const wrong = await patch(id, 0, bytes.subarray(0, 100_000));
    expect(wrong.status).toBe(409);
    expect(wrong.body.data).toEqual({ upload_id: id, offset: 100_000, size: bytes.length });
    expect(wrong.res.headers.get('upload-offset')).toBe('100000');
    // It asks for the resume point and continues from there.
    const st = await call(s.app, 'GET', `/v1/uploads/${id}`, { token });
    expect(st.body.data).toEqual({ upload_id: id, offset: 100_000, size: bytes.length });
    const head = await s.app.fetch(
      new Request(`http://sahayog.localhost/api/main/v1/uploads/${id}`, { method: 'HEAD', headers: { token } }),
    );
    expect(head.headers.get('upload-offset')).toBe('100000');

    const early = await call(s.app, 'POST', `/v1/uploads/${id}/finalize`, { token });
    expect(early.status).toBe(409);
    expect((await patch(id, 100_000, bytes.subarray(100_000))).body.data).toEqual({ offset: bytes.length });

    const fin = await call(s.app, 'POST', `/v1/uploads/${id}/finalize`, { token });
    expect(fin.status).toBe(200);
    const fileId = fin.body.data.file_id as string;
    const [row] = await s.db.query<{ mime: string; size: number; geo_tag: unknown; file_type: string }>('SELECT * FROM files WHERE id=$1', [
      fileId,
    ]);
    expect(row).toMatchObject({ mime: 'image/jpeg', size: bytes.length, file_type: 'SHOP', geo_tag: { latitude: 18.5, longitude: 73.8 } });
    // Finalizing again answers the same file.
    expect((await call(s.app, 'POST', `/v1/uploads/${id}/finalize`, { token })).body.data.file_id).toBe(fileId);

    const url = (await call(s.app, 'GET', `/v1/loan-application/presigned-url?file_id=${fileId}`, { token })).body.data.file_url;
    const served = new Uint8Array(await (await s.app.fetch(new Request(`http://sahayog.localhost${url}`))).arrayBuffer());
    expect(served).toEqual(bytes);
  });

  it('runs the same checks at finalize as a single upload', async () => {
    const bomb = pngBytes(100_000, 100_000);
    const id = (
      await call(s.app, 'POST', '/v1/uploads', { token, json: { file_name: 'x.png', mime_type: 'image/png', size: bomb.length } })
    ).body.data.upload_id;
    await patch(id, 0, bomb);
    const fin = await call(s.app, 'POST', `/v1/uploads/${id}/finalize`, { token });
    expect(fin.body).toEqual({ success: false, message: SERVER_MSG.imageTooLarge, status_code: 422 });
  });

  it("refuses a declared size over the limit, a chunk past the end, and someone else's upload", async () => {
    const big = await call(s.app, 'POST', '/v1/uploads', {
      token,
      json: { file_name: 'x.pdf', mime_type: 'application/pdf', size: 2 * 1024 * 1024 },
    });
    expect([big.status, big.body.message]).toEqual([413, SERVER_MSG.fileTooLarge(1)]);
    const id = (await call(s.app, 'POST', '/v1/uploads', { token, json: { file_name: 'x.pdf', mime_type: 'application/pdf', size: 10 } }))
      .body.data.upload_id;
    expect((await patch(id, 0, new Uint8Array(11))).status).toBe(413);
    const other = await signIn(s.app, '9000000002');
    expect((await patch(id, 0, new Uint8Array(5), other)).status).toBe(404);
    expect((await call(s.app, 'GET', `/v1/uploads/${id}`, { token: other })).status).toBe(404);
  });
});
