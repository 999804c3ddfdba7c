import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../contracts/messages';
import { ERROR_CODE } from '../../contracts/envelope';
import { blob, call, form, jpegBytes, makeTestServer, signIn, type TestServer } from '../test-helpers';
import { requestHash } from './idempotency';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await makeTestServer();
  token = await signIn(s.app);
});
afterAll(async () => {
  await s.close();
});

const APP_ID = 'c'.repeat(32);
const fileCount = async () =>
  (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files WHERE application_id=$1', [APP_ID]))[0]?.n ?? 0;
// A fresh FormData per call: like a real retry, each send gets a new multipart boundary.
const uploadWithKey = (key: string, prefix = 'pan') =>
  call(s.app, 'POST', '/v1/file/upload', {
    token,
    headers: { 'Idempotency-Key': key },
    body: form({
      file: blob(jpegBytes()),
      file_type: 'KYC',
      application_id: APP_ID,
      name_prefix: prefix,
      geo_tag: '{"latitude":0,"longitude":0}',
    }),
  });

describe('Idempotency-Key', () => {
  it('replays the first answer and has no second effect', async () => {
    const before = await fileCount();
    const first = await uploadWithKey('key-replay-1');
    const second = await uploadWithKey('key-replay-1');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.res.headers.get('idempotent-replayed')).toBe('true');
    expect(first.res.headers.get('idempotent-replayed')).toBeNull();
    expect(await fileCount()).toBe(before + 1);
    // A different key is a different request.
    expect((await uploadWithKey('key-replay-2')).body.data.file_id).not.toBe(first.body.data.file_id);
    expect(await fileCount()).toBe(before + 2);
  });

  it('answers 422 when the key is reused with a different body', async () => {
    await uploadWithKey('key-mismatch', 'pan');
    const r = await uploadWithKey('key-mismatch', 'aadhaar');
    expect(r.body).toEqual({ success: false, message: SERVER_MSG.idempotencyMismatch, status_code: 422 });
  });

  it('answers 409 while the first request is still in progress', async () => {
    const body = JSON.stringify({ session_id: 'x'.repeat(32) });
    const path = '/api/main/v1/auth/resend-otp';
    await s.db.query(
      `INSERT INTO idempotency_keys (tenant_id, scope, key, request_hash, state, created_at) VALUES ('sahayog','anon','key-busy',$1,'in_progress',$2::timestamptz)`,
      [requestHash('POST', path, new TextEncoder().encode(body), 'application/json'), s.config.now().toISOString()],
    );
    const r = await call(s.app, 'POST', '/v1/auth/resend-otp', {
      body,
      headers: { 'Idempotency-Key': 'key-busy', 'content-type': 'application/json' },
    });
    expect(r.body).toEqual({
      success: false,
      message: SERVER_MSG.idempotencyInProgress,
      status_code: 409,
      code: ERROR_CODE.stillInProgress,
    });
  });

  it('lets two concurrent requests with one key have one effect', async () => {
    const before = await fileCount();
    const results = await Promise.all([uploadWithKey('key-race'), uploadWithKey('key-race'), uploadWithKey('key-race')]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.every((st) => st === 200 || st === 409)).toBe(true);
    expect(statuses).toContain(200);
    expect(await fileCount()).toBe(before + 1);
    const ids = new Set(results.filter((r) => r.status === 200).map((r) => r.body.data.file_id));
    expect(ids.size).toBe(1);
  });

  it('keeps keys apart per tenant and per caller', async () => {
    const other = await signIn(s.app, '9000000002');
    const a = await uploadWithKey('key-shared');
    const b = await call(s.app, 'POST', '/v1/file/upload', {
      token: other,
      headers: { 'Idempotency-Key': 'key-shared' },
      body: form({ file: blob(jpegBytes()), file_type: 'KYC', application_id: APP_ID, name_prefix: 'other' }),
    });
    expect(b.status).toBe(200);
    expect(b.body.data.file_id).not.toBe(a.body.data.file_id);
  });

  it('does not store a failure the retry should redo (401), and stores a 4xx answer', async () => {
    const noAuth = await call(s.app, 'PUT', '/v1/user/logout', { headers: { 'Idempotency-Key': 'key-401' } });
    expect(noAuth.status).toBe(401);
    const rows = await s.db.query(`SELECT 1 FROM idempotency_keys WHERE key='key-401'`);
    expect(rows).toHaveLength(0);
    const bad = { json: { mobile: '9876543210', hostname: 'h' }, headers: { 'Idempotency-Key': 'key-400' } };
    const first = await call(s.app, 'POST', '/v1/auth/send-otp', bad);
    const again = await call(s.app, 'POST', '/v1/auth/send-otp', bad);
    expect([first.status, again.status]).toEqual([400, 400]);
    expect(again.res.headers.get('idempotent-replayed')).toBe('true');
  });

  it('releases the key when the handler fails with a 5xx', async () => {
    const failing = await makeTestServer();
    try {
      const t = await signIn(failing.app);
      await failing.db.exec('ALTER TABLE files RENAME TO files_gone');
      const send = () =>
        call(failing.app, 'POST', '/v1/file/upload', {
          token: t,
          headers: { 'Idempotency-Key': 'key-5xx' },
          body: form({ file: blob(jpegBytes()), file_type: 'KYC' }),
        });
      const r = await send();
      expect(r.body).toEqual({ success: false, message: 'Something went wrong!', status_code: 500 });
      expect(await failing.db.query(`SELECT 1 FROM idempotency_keys WHERE key='key-5xx'`)).toHaveLength(0);
      await failing.db.exec('ALTER TABLE files_gone RENAME TO files');
      expect((await send()).status).toBe(200);
      expect(failing.logs.some((l) => l.level === 'error')).toBe(true);
    } finally {
      await failing.close();
    }
  });
});
