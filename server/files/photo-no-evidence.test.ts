// A visit photo sent without the `evidence` field must still get the server's own checks, the reused-photo search
// included. Every staff visit photo (SHOP_* / HOUSE_*) is checked; one without evidence is flagged
// NO_EVIDENCE, and its stored bytes are still searched against the lender's other photos. Documents are not visit
// photos, and a public visitor's photos are never checked against staff ones.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePath } from '../../bench/photo-hash-kit';
import type { IntegrityFlag } from '../../contracts/photo-integrity';
import { blob, call, form, makeTestServer, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let token: string;
const A = '4a'.repeat(16);
const B = '4b'.repeat(16);
const photo = (shop: number, edit?: 'q40') => new Uint8Array(readFileSync(samplePath(shop, edit)));
const PUNE = { latitude: 18.5204, longitude: 73.8567, accuracy: 12, captured_at: '2026-11-24T10:00:00.000Z', source: 'device' };

async function upload(app: string, fileType: string, bytes: Uint8Array): Promise<string> {
  const r = await call(s.app, 'POST', '/v1/file/upload-captured-image', {
    token,
    body: form({ file: blob(bytes), file_type: fileType, application_id: app, geo_tag: JSON.stringify(PUNE) }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.file_id;
}
async function flagsOf(app: string, fileId: string): Promise<IntegrityFlag[]> {
  const r = await call(s.app, 'GET', `/v1/app/mfi/${app}/files`, { token });
  return (r.body.data.files as { file_id: string; integrity_flags: IntegrityFlag[] }[]).find((f) => f.file_id === fileId)!.integrity_flags;
}

beforeAll(async () => {
  s = await makeTestServer();
  token = await signIn(s.app, '9000000001');
  for (const id of [A, B])
    expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token, json: { phone: '9876543210', pincode: '411001' } })).status).toBe(201);
});
afterAll(async () => {
  await s.close();
});

describe('a visit photo sent without evidence', () => {
  it('is flagged NO_EVIDENCE and still searched for reuse, both ways', async () => {
    const first = await upload(A, 'SHOP_PHOTO', photo(2));
    expect(await flagsOf(A, first)).toEqual([{ flag: 'NO_EVIDENCE' }]);
    const again = await upload(B, 'HOUSE_PHOTO', photo(2, 'q40'));
    expect(await flagsOf(B, again)).toEqual([{ flag: 'NO_EVIDENCE' }, { flag: 'DUPLICATE_PHOTO', other_application_id: A }]);
    expect(await flagsOf(A, first)).toEqual([{ flag: 'NO_EVIDENCE' }, { flag: 'DUPLICATE_PHOTO', other_application_id: B }]);
  });

  it('a document is no visit photo: no flag', async () => {
    const doc = await upload(A, 'PAN', photo(3));
    expect(await flagsOf(A, doc)).toEqual([]);
  });
});
