import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { silentLogger } from '../logger';
import { fileStoreSettings, openFileStore } from '../storage/open-file-store';
import { startTestS3, type TestS3 } from '../storage/test-s3-server';
import { makeTestServer, type TestServer } from '../test-helpers';

let s: TestServer;
let s3: TestS3;
beforeAll(async () => {
  s = await makeTestServer();
  s3 = await startTestS3();
});
afterAll(async () => {
  await s.close();
  await s3.close();
});

describe('health check', () => {
  it('answers 503 while the file store cannot be reached, and 200 again when it can', async () => {
    const files = await openFileStore(fileStoreSettings(s3.env, '/unused'), s.db);
    const app = createApp({ db: s.db, files, config: s.config, log: silentLogger });
    const health = async () => {
      const res = await app.fetch(new Request('http://localhost/api/main/health'));
      return { status: res.status, body: await res.json() };
    };
    expect(await health()).toMatchObject({ status: 200, body: { data: { status: 'ok', api: 'main' } } });
    await s3.close();
    expect(await health()).toEqual({ status: 503, body: { success: false, message: 'Service unavailable', status_code: 503 } });
    s3 = await startTestS3();
    const back = createApp({
      db: s.db,
      files: await openFileStore(fileStoreSettings(s3.env, '/unused'), s.db),
      config: s.config,
      log: silentLogger,
    });
    expect((await back.fetch(new Request('http://localhost/api/main/health'))).status).toBe(200);
  });
});
