// A tampered phone can neither hide a reuse nor frame another application by sending a hash (docs/decisions.md). A
// JPEG the server cannot decode (corrupt, or over the 4 MP decode bound) or a PNG, sent with another application's
// photo hash, must not flag that application's photo as reused nor leave the claimed hash for later searches: the
// phone's hash can only ever flag the photo it came with; nothing the phone says is stored or marks another row.
import { readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePath } from '../../bench/photo-hash-kit';
import type { IntegrityFlag } from '../../contracts/photo-integrity';
import { randomHex } from '../crypto-utils';
import { blob, call, form, jpegBytes, makeTestServer, pngBytes, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let token: string;
const T = '2026-11-24T10:00:00.000Z';
const PUNE = { latitude: 18.5204, longitude: 73.8567, accuracy: 12, captured_at: T, source: 'device' };
const shop = (n: number) => new Uint8Array(readFileSync(samplePath(n)));

beforeAll(async () => {
  s = await makeTestServer();
  token = await signIn(s.app, '9000000001');
}, 60_000);
afterAll(async () => {
  await s.close();
});

const newApp = async () => {
  const id = randomHex(16);
  expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token, json: { phone: '9876543210' } })).status).toBe(201);
  return id;
};
const upload = (app: string, bytes: Uint8Array, photoHash?: string) =>
  call(s.app, 'POST', '/v1/file/upload-captured-image', {
    token,
    body: form({
      file: blob(bytes),
      file_type: 'SHOP_PHOTO',
      application_id: app,
      geo_tag: JSON.stringify(PUNE),
      evidence: JSON.stringify({ capture: 'camera', taken_at: T, ...(photoHash ? { photo_hash: photoHash } : {}) }),
    }),
  });
const row = async (fileId: string) =>
  (
    await s.db.query<{ photo_hash: string | null; integrity_flags: IntegrityFlag[] }>(
      'SELECT photo_hash::text AS photo_hash, integrity_flags FROM files WHERE id=$1',
      [fileId],
    )
  )[0]!;
const hex = (signed: string) => BigInt.asUintN(64, BigInt(signed)).toString(16).padStart(16, '0');

/** A JPEG whose headers pass the upload checks but whose entropy data is junk: jpeg-js cannot decode it. */
const corruptJpeg = () => {
  const good = shop(3);
  const bad = new Uint8Array(good);
  for (let i = Math.floor(good.length / 2); i < good.length - 2; i += 7) bad[i] = 0xff;
  return bad;
};
/** A real 4.2 MP JPEG: over the server's 4 MP decode bound, under the upload's pixel limit. */
const bigJpeg = () => {
  const width = 2100;
  const height = 2000;
  const data = Buffer.alloc(width * height * 4, 0x80);
  return new Uint8Array(jpeg.encode({ width, height, data }, 50).data);
};

describe('a hash the server did not compute never marks another application', () => {
  it.each([
    ['a corrupt JPEG', corruptJpeg, 5],
    ['a JPEG over the decode bound', bigJpeg, 7],
    ['a minimal JPEG without tables', () => jpegBytes(64, 48, false), 8],
    ['a PNG', () => pngBytes(64, 48), 9],
  ])("%s sent with another application's photo hash: 200, the victim unflagged, no hash kept", async (_n, bytes, victimShop) => {
    const victim = await newApp();
    const original = await upload(victim, shop(victimShop));
    expect(original.status, JSON.stringify(original.body)).toBe(200);
    const victimHash = (await row(original.body.data.file_id)).photo_hash;
    expect(victimHash).not.toBeNull();

    const attacker = await newApp();
    const framed = await upload(attacker, bytes(), hex(victimHash!));
    expect(framed.status, JSON.stringify(framed.body)).toBe(200);
    expect((await row(original.body.data.file_id)).integrity_flags).toEqual([]);
    const kept = await row(framed.body.data.file_id);
    expect(kept.photo_hash).toBeNull();
    // The claim may flag the photo it came with (the uploader's own application), never the victim's.
    expect(kept.integrity_flags.filter((f) => f.flag === 'DUPLICATE_PHOTO')).toEqual([
      { flag: 'DUPLICATE_PHOTO', other_application_id: victim },
    ]);

    // Nothing planted: a later photo of the victim's shop is not flagged as the attacker's.
    const later = await upload(victim, shop(victimShop));
    expect((await row(later.body.data.file_id)).integrity_flags).toEqual([]);
  });

  it('the server still finds a real reuse between two decodable JPEGs, both ways', async () => {
    const [a, b] = [await newApp(), await newApp()];
    const first = await upload(a, shop(10), '0123456789abcdef');
    const second = await upload(b, shop(10), 'fedcba9876543210');
    expect((await row(second.body.data.file_id)).integrity_flags).toEqual([{ flag: 'DUPLICATE_PHOTO', other_application_id: a }]);
    expect((await row(first.body.data.file_id)).integrity_flags).toEqual([{ flag: 'DUPLICATE_PHOTO', other_application_id: b }]);
  });
});
