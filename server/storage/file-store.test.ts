import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openTestDb, type TestDb } from '../db/test-db';
import { createDirFileStore, type FileStore, readAll } from './file-store';
import { describeFileStore, fileStoreSettings, openFileStore } from './open-file-store';
import { PG_CHUNK_BYTES } from './postgres-file-store';
import { startTestS3, type TestS3 } from './test-s3-server';

const cleanup: Array<() => Promise<unknown>> = [];
let testDb: TestDb;
let s3: TestS3;
beforeAll(async () => {
  testDb = await openTestDb();
  await migrate(testDb.db);
  s3 = await startTestS3();
  cleanup.push(
    () => testDb.drop(),
    () => s3.close(),
  );
});
afterAll(async () => {
  for (const c of cleanup) await c();
});

const bytesOf = (n: number, seed = 7) => Uint8Array.from({ length: n }, (_, i) => (i * seed + (i >> 9)) % 251);

const stores: Record<string, () => Promise<FileStore>> = {
  dir: async () => {
    const root = await mkdtemp(join(tmpdir(), 'fs-test-'));
    cleanup.push(() => rm(root, { recursive: true, force: true }));
    return openFileStore(fileStoreSettings({}, root), testDb.db);
  },
  postgres: () => openFileStore(fileStoreSettings({ DATABASE_URL: 'postgres://chosen-by-env' }, '/unused'), testDb.db),
  s3: () => openFileStore(fileStoreSettings(s3.env, '/unused'), testDb.db),
};

describe.each(Object.keys(stores))('%s file store', (name) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await stores[name]!();
  });

  it('is the store the environment names', () => {
    expect(store.kind).toBe(name);
  });

  it('stores, replaces, reads in pieces and deletes', async () => {
    const big = bytesOf(3 * PG_CHUNK_BYTES + 12_345);
    await store.put('files/ab/abc', big);
    const pieces: number[] = [];
    for await (const p of (await store.open('files/ab/abc'))!) pieces.push(p.length);
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(big.length);
    expect(Math.max(...pieces)).toBeLessThanOrEqual(big.length);
    expect(Buffer.from((await readAll(store, 'files/ab/abc'))!).equals(Buffer.from(big))).toBe(true);
    await store.put('files/ab/abc', new Uint8Array([1, 2, 3]));
    expect(await readAll(store, 'files/ab/abc')).toEqual(new Uint8Array([1, 2, 3]));
    await store.put('uploads/u1/000000000-aa', new Uint8Array([9]));
    await store.delete(['files/ab/abc', 'uploads/u1/000000000-aa', 'files/zz/never-stored']);
    expect(await store.open('files/ab/abc')).toBeNull();
    expect(await store.open('uploads/u1/000000000-aa')).toBeNull();
  });

  it('refuses keys that could escape their place', async () => {
    for (const bad of ['../x', 'files/../../etc/passwd', '/etc/passwd', 'files/a\\b', 'FILES/x', '']) {
      await expect(store.put(bad, new Uint8Array([1]))).rejects.toThrow('Invalid file key');
      await expect(store.open(bad)).rejects.toThrow('Invalid file key');
    }
  });
});

describe('postgres file store rows', () => {
  it('keeps a file as chunk rows of at most 256 KB', async () => {
    const store = await stores.postgres!();
    await store.put('files/cd/rows', bytesOf(PG_CHUNK_BYTES * 2 + 1));
    const rows = await testDb.db.query<{ seq: number; n: number }>(
      "SELECT seq, length(bytes) AS n FROM stored_file_chunks WHERE key='files/cd/rows' ORDER BY seq",
    );
    expect(rows).toEqual([
      { seq: 0, n: PG_CHUNK_BYTES },
      { seq: 1, n: PG_CHUNK_BYTES },
      { seq: 2, n: 1 },
    ]);
  });
});

describe('directory file store', () => {
  it('leaves no temp file or empty part directory behind', async () => {
    const root = await mkdtemp(join(tmpdir(), 'fs-test-'));
    cleanup.push(() => rm(root, { recursive: true, force: true }));
    const store = createDirFileStore(root);
    await store.put('uploads/u2/000000000-aa', new Uint8Array([1]));
    await store.put('files/u2/u2', new Uint8Array([1]));
    await store.delete(['uploads/u2/000000000-aa']);
    expect(await readdir(join(root, 'uploads'))).toEqual([]);
    expect(await readdir(join(root, 'files/u2'))).toEqual(['u2']);
  });
});

describe('FILE_STORE_URL', () => {
  it('chooses the store and reads the usual AWS variables', () => {
    expect(fileStoreSettings({}, '/d')).toEqual({ kind: 'dir', dir: '/d' });
    expect(fileStoreSettings({ DATABASE_URL: 'postgres://x' }, '/d')).toEqual({ kind: 'postgres' });
    expect(fileStoreSettings({ DATABASE_URL: 'postgres://x', FILE_STORE_URL: 'file:///srv/files' }, '/d')).toEqual({
      kind: 'dir',
      dir: '/srv/files',
    });
    expect(fileStoreSettings({ FILE_STORE_URL: 's3://bucket/a/b/', AWS_DEFAULT_REGION: 'ap-south-1' }, '/d')).toEqual({
      kind: 's3',
      bucket: 'bucket',
      prefix: 'a/b/',
      endpoint: undefined,
      region: 'ap-south-1',
      credentials: undefined,
    });
    expect(
      fileStoreSettings(
        { FILE_STORE_URL: 's3://bucket', AWS_ENDPOINT_URL_S3: 'http://minio:9000', AWS_ACCESS_KEY_ID: 'k', AWS_SECRET_ACCESS_KEY: 's' },
        '/d',
      ),
    ).toMatchObject({
      prefix: '',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
    const withKeys = fileStoreSettings({ FILE_STORE_URL: 's3://b/p', AWS_ENDPOINT_URL: 'http://key:secret@minio:9000' }, '/d');
    expect(describeFileStore(withKeys)).toBe('files in s3://b/p/ at minio:9000');
    for (const bad of ['s3:///nobucket', 'http://bucket/x', 'not a url']) {
      expect(() => fileStoreSettings({ FILE_STORE_URL: bad }, '/d')).toThrow('FILE_STORE_URL must look like');
    }
  });
});
