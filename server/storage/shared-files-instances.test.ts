// Two instances started from the environment as `npm run serve` starts them, each with its own data
// directory, on one PostgreSQL database. Upload on A / read on B, chunk on B / finalize on A, for the database
// store and the S3 store; the directory store shows the failure they fix (each disk only has its own files).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../db/test-db';
import { type Instance, openInstance } from '../instance';
import { silentLogger } from '../logger';
import { blob, call, form, jpegBytes, pdfBytes, signIn } from '../test-helpers';
import { startTestS3, type TestS3 } from './test-s3-server';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const cleanup: Array<() => Promise<unknown>> = [];
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
  cleanup.push(() => s3.close());
});
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

type App = Instance['app'];

async function twoInstances(storeEnv: () => NodeJS.ProcessEnv): Promise<{ a: App; b: App; kinds: string[] }> {
  const testDb: TestDb = await openTestDb();
  cleanup.push(() => testDb.drop());
  const start = async (name: string) => {
    const dataDir = await mkdtemp(join(tmpdir(), `flo-instance-${name}-`));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = {
      DATABASE_URL: testDb.url,
      DATA_DIR: dataDir,
      FILE_STORE_DIR: join(dataDir, 'files'),
      DIST_DIR: join(dataDir, 'no-dist'),
      ...storeEnv(),
    };
    const instance = await openInstance(env, silentLogger);
    cleanup.push(() => instance.close());
    return instance;
  };
  // Both start at once, as a rolling deploy would: the migrations run once, under their lock.
  const [a, b] = await Promise.all([start('a'), start('b')]);
  return { a: a.app, b: b.app, kinds: [a.files.kind, b.files.kind] };
}

/** Fills the middle of a real-looking JPEG so it takes several chunks and database rows. */
function photo(size: number): Uint8Array {
  const head = jpegBytes(1600, 1200, false);
  const out = new Uint8Array(size);
  out.set(head.subarray(0, head.length - 2));
  for (let i = head.length - 2; i < size - 2; i += 1) out[i] = (i * 31) % 251;
  out.set([0xff, 0xd9], size - 2);
  return out;
}

async function readOn(app: App, viaApp: App, token: string, fileId: string) {
  const url = (await call(viaApp, 'GET', `/v1/loan-application/presigned-url?file_id=${fileId}`, { token })).body.data.file_url as string;
  const res = await app.fetch(new Request(`http://sahayog.localhost${url}`));
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const patch = (app: App, token: string, id: string, offset: number, chunk: Uint8Array) =>
  call(app, 'PATCH', `/v1/uploads/${id}`, {
    token,
    body: new Uint8Array(chunk),
    headers: { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
  });

const shared: Array<[string, () => NodeJS.ProcessEnv]> = [
  ['postgres', () => ({})],
  ['s3', () => s3.env],
];

describe.skipIf(!TEST_DATABASE_URL).each(shared)('two instances on one PostgreSQL, %s file store', (kind, storeEnv) => {
  let a: App;
  let b: App;
  let token: string;
  beforeAll(async () => {
    const started = await twoInstances(storeEnv);
    expect(started.kinds).toEqual([kind, kind]);
    ({ a, b } = started);
    token = await signIn(a);
  });

  it('a photo and a PDF uploaded on A are served by B, from a URL either signed', async () => {
    const jpeg = photo(700_000);
    const up = await call(a, 'POST', '/v1/file/upload', { token, body: form({ file: blob(jpeg, 'image/jpeg'), file_type: 'SHOP' }) });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const fileId = up.body.data.file_id as string;
    for (const [server, signer] of [
      [b, a],
      [b, b],
      [a, b],
    ] as const) {
      const got = await readOn(server, signer, token, fileId);
      expect(got.status).toBe(200);
      expect(Buffer.from(got.bytes).equals(Buffer.from(jpeg))).toBe(true);
    }
    const pdf = pdfBytes();
    const pdfId = (await call(a, 'POST', '/v1/file/upload', { token, body: form({ file: blob(pdf, 'application/pdf') }, 'statement.pdf') }))
      .body.data.file_id;
    expect(await readOn(b, a, token, pdfId)).toEqual({ status: 200, bytes: pdf });
  });

  it('a chunked upload begun on A, chunked on B and A, finalizes on A and is read on B', async () => {
    const bytes = photo(2_500_000);
    const created = await call(a, 'POST', '/v1/uploads', {
      token,
      json: { file_name: 'house.jpg', mime_type: 'image/jpeg', size: bytes.length, file_type: 'HOUSE' },
    });
    const id = created.body.data.upload_id as string;
    const step = 1024 * 1024;
    expect((await patch(b, token, id, 0, bytes.subarray(0, step))).body.data).toEqual({ offset: step });
    // A replayed chunk on the other instance is refused with the offset both agree on.
    const stale = await patch(a, token, id, 0, bytes.subarray(0, step));
    expect([stale.status, stale.res.headers.get('upload-offset')]).toEqual([409, String(step)]);
    expect((await call(a, 'GET', `/v1/uploads/${id}`, { token })).body.data.offset).toBe(step);
    expect((await patch(a, token, id, step, bytes.subarray(step, 2 * step))).status).toBe(200);
    expect((await patch(b, token, id, 2 * step, bytes.subarray(2 * step))).body.data).toEqual({ offset: bytes.length });

    const fin = await call(a, 'POST', `/v1/uploads/${id}/finalize`, { token });
    expect(fin.status, JSON.stringify(fin.body)).toBe(200);
    const fileId = fin.body.data.file_id as string;
    expect((await call(b, 'POST', `/v1/uploads/${id}/finalize`, { token })).body.data.file_id).toBe(fileId);
    const got = await readOn(b, a, token, fileId);
    expect(got.status).toBe(200);
    expect(Buffer.from(got.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('finalize racing on both instances makes one file', async () => {
    const bytes = photo(300_000);
    const id = (await call(b, 'POST', '/v1/uploads', { token, json: { file_name: 'x.jpg', mime_type: 'image/jpeg', size: bytes.length } }))
      .body.data.upload_id;
    await patch(a, token, id, 0, bytes);
    const both = await Promise.all([a, b, a, b].map((app) => call(app, 'POST', `/v1/uploads/${id}/finalize`, { token })));
    expect(both.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(both.map((r) => r.body.data.file_id)).size).toBe(1);
    expect((await readOn(a, b, token, both[0]!.body.data.file_id)).bytes.length).toBe(bytes.length);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('two instances on one PostgreSQL, each with its own file directory', () => {
  it("cannot serve each other's files or finish each other's uploads (what the shared stores fix)", async () => {
    const { a, b, kinds } = await twoInstances(() => ({
      FILE_STORE_URL: `file://${join(tmpdir(), `flo-own-${Math.random().toString(16).slice(2)}`)}`,
    }));
    expect(kinds).toEqual(['dir', 'dir']);
    const token = await signIn(a);
    const fileId = (await call(a, 'POST', '/v1/file/upload', { token, body: form({ file: blob(photo(5000), 'image/jpeg') }) })).body.data
      .file_id;
    expect((await readOn(b, a, token, fileId)).status).toBe(404);
    const id = (
      await call(a, 'POST', '/v1/uploads', { token, json: { file_name: 'x.pdf', mime_type: 'application/pdf', size: pdfBytes().length } })
    ).body.data.upload_id;
    await patch(b, token, id, 0, pdfBytes());
    const fin = await call(a, 'POST', `/v1/uploads/${id}/finalize`, { token });
    expect([fin.status, fin.body.message]).toEqual([409, 'Upload is not complete']);
  });
});
