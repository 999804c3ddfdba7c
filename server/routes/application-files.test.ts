import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blob, call, form, jpegBytes, makeTestServer, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let token: string;
let otherTenant: string;
const APP = 'b'.repeat(32);
const geo = { latitude: 18.5204, longitude: 73.8567, accuracy: 12, source: 'device' };

beforeAll(async () => {
  s = await makeTestServer();
  token = await signIn(s.app);
  otherTenant = await signIn(s.app, '9000000001', 'udaan.localhost');
  const created = await call(s.app, 'PUT', `/v1/app/mfi/${APP}`, { token, json: { phone: '9876543210' } });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await s.close();
});

describe('GET /v1/app/mfi/:id/files', () => {
  it('lists the files uploaded for the application with their geotag, oldest first', async () => {
    const up = (type: string) =>
      call(s.app, 'POST', '/v1/file/upload', {
        token,
        body: form({ file: blob(jpegBytes()), file_type: type, application_id: APP, geo_tag: JSON.stringify(geo) }),
      });
    const a = await up('BORROWER_PHOTO');
    const b = await up('PAN');
    await call(s.app, 'POST', '/v1/file/upload', {
      token,
      body: form({ file: blob(jpegBytes()), file_type: 'PAN', application_id: 'c'.repeat(32) }),
    });
    const r = await call(s.app, 'GET', `/v1/app/mfi/${APP}/files`, { token });
    expect(r.status).toBe(200);
    expect(r.body.data.files.map((f: { file_id: string }) => f.file_id)).toEqual([a.body.data.file_id, b.body.data.file_id]);
    expect(r.body.data.files[0]).toMatchObject({ file_type: 'BORROWER_PHOTO', mime: 'image/jpeg', geo_tag: geo, masking_required: false });
  });

  it('flags pictures of an Aadhaar card for masking, and nothing else', async () => {
    for (const type of ['AADHAAR_FRONT', 'AADHAAR_BACK', 'VOTER_ID']) {
      await call(s.app, 'POST', '/v1/file/upload', {
        token,
        body: form({ file: blob(jpegBytes()), file_type: type, application_id: APP }),
      });
    }
    const files = (await call(s.app, 'GET', `/v1/app/mfi/${APP}/files`, { token })).body.data.files as Array<{
      file_type: string;
      masking_required: boolean;
    }>;
    const flagged = Object.fromEntries(files.map((f) => [f.file_type, f.masking_required]));
    expect(flagged).toMatchObject({ AADHAAR_FRONT: true, AADHAAR_BACK: true, VOTER_ID: false, PAN: false });
  });

  it.each([
    ['no token', undefined, 'sahayog.localhost', 401],
    ['another tenant', 'other', 'udaan.localhost', 404],
    ['an unknown application', 'own', 'sahayog.localhost', 404],
  ])('refuses %s', async (name, who, host, status) => {
    const path = name === 'an unknown application' ? `/v1/app/mfi/${'d'.repeat(32)}/files` : `/v1/app/mfi/${APP}/files`;
    const r = await call(s.app, 'GET', path, { token: who === 'own' ? token : who === 'other' ? otherTenant : undefined, host });
    expect(r.status).toBe(status);
  });
});
