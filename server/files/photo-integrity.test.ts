// The server records its own integrity flags on a visit photo's file row (contracts/photo-integrity.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrityFlag } from '../../contracts/photo-integrity';
import { readFileSync } from 'node:fs';
import { samplePath } from '../../bench/photo-hash-kit';
import { randomHex } from '../crypto-utils';
import { blob, call, form, jpegBytes, makeTestServer, publicSignIn, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let token: string;
let pragati: string;
let udaan: string;
const A = '2a'.repeat(16);
const B = '2b'.repeat(16);
const C = '2c'.repeat(16);
const HASH = '3c3e1f0f8787c3e1';
const NEAR = '3c3e1f0f8787c3e0'; // 1 bit away: the same shop re-encoded
const FAR = 'c3c1e0f07878c3e1'; // 32 bits away: another shop
const T = '2026-11-24T10:00:00.000Z';
const at = (min: number) => new Date(Date.parse(T) + min * 60_000).toISOString();
const PUNE = { latitude: 18.5204, longitude: 73.8567, accuracy: 12, captured_at: T, source: 'device' };

type Ev = Record<string, unknown>;
async function upload(
  who: string,
  host: string,
  app: string,
  geo: object,
  evidence: Ev | string,
  fileType = 'SHOP_PHOTO',
  bytes = jpegBytes(64, 48, false),
) {
  const r = await call(s.app, 'POST', '/v1/file/upload-captured-image', {
    token: who,
    host,
    body: form({
      file: blob(bytes),
      file_type: fileType,
      application_id: app,
      geo_tag: JSON.stringify(geo),
      evidence: typeof evidence === 'string' ? evidence : JSON.stringify(evidence),
    }),
  });
  return r;
}
async function flagsOf(who: string, host: string, app: string, fileId: string): Promise<IntegrityFlag[]> {
  const r = await call(s.app, 'GET', `/v1/app/mfi/${app}/files`, { token: who, host });
  return (r.body.data.files as { file_id: string; integrity_flags: IntegrityFlag[] }[]).find((f) => f.file_id === fileId)!.integrity_flags;
}
const names = (f: IntegrityFlag[]) => f.map((x) => x.flag);
const camera = (over: Ev = {}) => ({ capture: 'camera', taken_at: T, ...over });
/** A committed sample shop photo (bench/README.md "Reused-photo hash"): the server decodes it and keeps its own hash. */
const photo = (shop: number, edit?: 'q40') => new Uint8Array(readFileSync(samplePath(shop, edit)));

beforeAll(async () => {
  s = await makeTestServer();
  token = await signIn(s.app, '9000000001');
  pragati = await signIn(s.app, '9000000001', 'pragati.localhost');
  udaan = await signIn(s.app, '9000000001', 'udaan.localhost');
  for (const id of [A, B, C])
    expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token, json: { phone: '9876543210', pincode: '411001' } })).status).toBe(201);
  for (const [t, h] of [
    [pragati, 'pragati.localhost'],
    [udaan, 'udaan.localhost'],
  ] as const) {
    expect((await call(s.app, 'PUT', `/v1/app/mfi/${A}`, { token: t, host: h, json: { phone: '9876543210' } })).status).toBe(201);
  }
});
afterAll(async () => {
  await s.close();
});

describe("reused photos across the lender's applications", () => {
  it('flags the same shop photo in a second application, and the first one back', async () => {
    const first = await upload(token, 'sahayog.localhost', A, PUNE, camera({ photo_hash: HASH }), 'SHOP_PHOTO', photo(1));
    expect(first.status).toBe(200);
    expect(await flagsOf(token, 'sahayog.localhost', A, first.body.data.file_id)).toEqual([]);
    const listed = (await call(s.app, 'GET', `/v1/app/mfi/${A}/files`, { token })).body.data.files as {
      file_id: string;
      capture: string;
    }[];
    expect(listed.find((f) => f.file_id === first.body.data.file_id)?.capture).toBe('camera');
    // The same shop re-encoded; only the server's hashes of the two stored photos decide.
    const again = await upload(
      token,
      'sahayog.localhost',
      B,
      { ...PUNE, captured_at: at(600) },
      camera({ photo_hash: NEAR, taken_at: at(600) }),
      'SHOP_PHOTO',
      photo(1, 'q40'),
    );
    expect(await flagsOf(token, 'sahayog.localhost', B, again.body.data.file_id)).toEqual([
      { flag: 'DUPLICATE_PHOTO', other_application_id: A },
    ]);
    expect(await flagsOf(token, 'sahayog.localhost', A, first.body.data.file_id)).toEqual([
      { flag: 'DUPLICATE_PHOTO', other_application_id: B },
    ]);
  });

  it('flags both of two uploads of the same photo that arrive at once (one lock per lender, not a race)', async () => {
    const [d, e] = [randomHex(16), randomHex(16)];
    for (const id of [d, e])
      expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token, json: { phone: '9876543211' } })).status).toBe(201);
    const [one, two] = await Promise.all(
      [d, e].map((app) => upload(token, 'sahayog.localhost', app, PUNE, camera({ photo_hash: HASH }), 'SHOP_PHOTO', photo(2))),
    );
    expect(await flagsOf(token, 'sahayog.localhost', d, one!.body.data.file_id)).toContainEqual({
      flag: 'DUPLICATE_PHOTO',
      other_application_id: e,
    });
    expect(await flagsOf(token, 'sahayog.localhost', e, two!.body.data.file_id)).toContainEqual({
      flag: 'DUPLICATE_PHOTO',
      other_application_id: d,
    });
  });

  it("does not flag another shop, the same application, or another lender's photo", async () => {
    const other = await upload(token, 'sahayog.localhost', C, PUNE, camera({ photo_hash: FAR }));
    expect(await flagsOf(token, 'sahayog.localhost', C, other.body.data.file_id)).toEqual([]);
    const retake = await upload(token, 'sahayog.localhost', C, PUNE, camera({ photo_hash: FAR }), 'SHOP_SELFIE_PHOTO');
    expect(await flagsOf(token, 'sahayog.localhost', C, retake.body.data.file_id)).toEqual([]);
    const elsewhere = await upload(udaan, 'udaan.localhost', A, PUNE, camera({ photo_hash: HASH }));
    expect(await flagsOf(udaan, 'udaan.localhost', A, elsewhere.body.data.file_id)).toEqual([]);
  });
});

describe("the server's own hash of the stored photo", () => {
  it("finds a re-encoded copy whatever hash the phone sent, and ignores a phone's hash that names another photo", async () => {
    const [x, y, z] = [randomHex(16), randomHex(16), randomHex(16)];
    for (const id of [x, y, z]) await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token, json: { phone: '9876543210' } });
    const original = await upload(token, 'sahayog.localhost', x, PUNE, camera({ photo_hash: '0123456789abcdef' }), 'SHOP_PHOTO', photo(7));
    const copy = await upload(
      token,
      'sahayog.localhost',
      y,
      PUNE,
      camera({ photo_hash: 'fedcba9876543210' }),
      'SHOP_PHOTO',
      photo(7, 'q40'),
    );
    expect(await flagsOf(token, 'sahayog.localhost', y, copy.body.data.file_id)).toEqual([
      { flag: 'DUPLICATE_PHOTO', other_application_id: x },
    ]);
    // Another shop sent with the first photo's claimed hash: the server's own hash says it is not the same photo.
    const other = await upload(token, 'sahayog.localhost', z, PUNE, camera({ photo_hash: '0123456789abcdef' }), 'SHOP_PHOTO', photo(8));
    expect(await flagsOf(token, 'sahayog.localhost', z, other.body.data.file_id)).toEqual([]);
    expect(original.status).toBe(200);
  });
});

it("a public visitor's upload carries no evidence: its hash never flags a staff photo", async () => {
  const guest = await publicSignIn(s.app, '9123422001');
  const r = await call(s.app, 'POST', '/v1/apply-loan/upload-file', {
    token: guest.token,
    body: form({ file: blob(jpegBytes(64, 48, false)), file_type: 'SHOP_PHOTO', evidence: JSON.stringify(camera({ photo_hash: FAR })) }),
  });
  expect(r.status).toBe(200);
  const [row] = await s.db.query<{ evidence: unknown; integrity_flags: unknown[] }>(
    'SELECT evidence, integrity_flags FROM files WHERE id=$1',
    [r.body.data.file_id],
  );
  expect(row).toEqual({ evidence: null, integrity_flags: [] });
  const files = (await call(s.app, 'GET', `/v1/app/mfi/${C}/files`, { token })).body.data.files as { integrity_flags: IntegrityFlag[] }[];
  expect(files.flatMap((f) => f.integrity_flags).filter((f) => f.other_application_id === guest.applicationId)).toEqual([]);
});

describe("one photo's own evidence", () => {
  it.each([
    ['accuracy 0', { ...PUNE, accuracy: 0 }, camera(), ['MOCK_SUSPECTED']],
    [
      'a picked gallery photo from last month',
      PUNE,
      camera({ capture: 'picked', exif_taken_at: at(-43_200) }),
      ['NOT_LIVE_CAPTURE', 'TIME_MISMATCH'],
    ],
    ['a fix 80 m wide over the default 50 m', { ...PUNE, accuracy: 80 }, camera({ accuracy_reason: 'Narrow lane' }), ['LOW_ACCURACY']],
    [
      'a photo 120 km from the declared pincode (Mumbai)',
      { ...PUNE, latitude: 18.9388, longitude: 72.8354 },
      camera(),
      ['FAR_FROM_ADDRESS'],
    ],
  ])('%s', async (_n, geo, ev, expected) => {
    const app = randomHex(16);
    await call(s.app, 'PUT', `/v1/app/mfi/${app}`, { token, json: { phone: '9876543210', pincode: '411001' } });
    const r = await upload(token, 'sahayog.localhost', app, geo, ev, 'HOUSE_PHOTO_PD2');
    expect(r.status).toBe(200);
    expect(names(await flagsOf(token, 'sahayog.localhost', app, r.body.data.file_id))).toEqual(expected);
  });

  it('reads the accuracy limit of the lender: 80 m passes at 100 m (pragati)', async () => {
    const r = await upload(pragati, 'pragati.localhost', A, { ...PUNE, accuracy: 80 }, camera());
    expect(await flagsOf(pragati, 'pragati.localhost', A, r.body.data.file_id)).toEqual([]);
  });

  it('flags identical coordinates minutes apart within one visit, and a photo far from the others', async () => {
    const D = '2d'.repeat(16);
    await call(s.app, 'PUT', `/v1/app/mfi/${D}`, { token, json: { phone: '9876543210' } });
    const exact = { ...PUNE, latitude: 18.5204123, longitude: 73.8567123 };
    await upload(token, 'sahayog.localhost', D, exact, camera(), 'SHOP_PHOTO');
    const twin = await upload(
      token,
      'sahayog.localhost',
      D,
      { ...exact, captured_at: at(6) },
      camera({ taken_at: at(6) }),
      'SHOP_SELFIE_PHOTO',
    );
    expect(names(await flagsOf(token, 'sahayog.localhost', D, twin.body.data.file_id))).toEqual(['MOCK_SUSPECTED']);
    const away = await upload(
      token,
      'sahayog.localhost',
      D,
      { ...PUNE, latitude: 18.53, captured_at: at(8) },
      camera({ taken_at: at(8) }),
      'SHOP_PHOTO_PD2',
    );
    expect(names(await flagsOf(token, 'sahayog.localhost', D, away.body.data.file_id))).toEqual(['FAR_FROM_OTHER_PHOTOS']);
  });

  it('carries the evidence through the chunked upload too', async () => {
    const bytes = jpegBytes(64, 48, false);
    const created = await call(s.app, 'POST', '/v1/uploads', {
      token,
      json: {
        file_name: 'shop.jpg',
        mime_type: 'image/jpeg',
        size: bytes.length,
        file_type: 'SHOP_PHOTO',
        application_id: C,
        geo_tag: { ...PUNE, accuracy: 0 },
        evidence: camera(),
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.upload_id;
    expect(
      (
        await call(s.app, 'PATCH', `/v1/uploads/${id}`, {
          token,
          body: blob(bytes),
          headers: { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        })
      ).status,
    ).toBe(200);
    const done = await call(s.app, 'POST', `/v1/uploads/${id}/finalize`, { token, json: {} });
    expect(names(await flagsOf(token, 'sahayog.localhost', C, done.body.data.file_id))).toEqual(['MOCK_SUSPECTED']);
  });

  it.each([
    ['not JSON', '{capture'],
    ['an unknown capture', JSON.stringify({ capture: 'scanner', taken_at: T })],
    ['a hash that is not 16 hex', JSON.stringify(camera({ photo_hash: 'zz' }))],
    ['a time that is no time', JSON.stringify({ capture: 'camera', taken_at: 'yesterday' })],
  ])('refuses evidence that is %s with 400', async (_n, text) => {
    expect((await upload(token, 'sahayog.localhost', C, PUNE, text)).status).toBe(400);
  });
});
