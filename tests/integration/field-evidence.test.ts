// Visit photos taken offline carry their evidence in the outbox; once synced, the server's own flags are on
// their file rows (real Dexie on fake-indexeddb, the real server in-process, the real engine and upload code).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { IntegrityFlag } from '../../contracts/photo-integrity';
import { readFileSync } from 'node:fs';
import { samplePath } from '../../bench/photo-hash-kit';
import { call } from '../../server/test-helpers';
import { preparePhoto } from '../../src/photos/prepare-photo';
import { queuePhoto } from '../../src/photos/queue-photo';
import { localFlags } from '../../src/photos/local-evidence';
import { rememberPhotoHash } from '../../src/db/photo-hashes';
import { newApplicationId } from '../../src/lib/ids';
import { createSyncEngine } from '../../src/sync/engine';
import { type Harness, makeHarness } from './sync-harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h.close();
});

const SHOP_HASH = '71f0e8d4c2b2a191';
const fix = (accuracy: number) => ({
  latitude: 18.5204,
  longitude: 73.8567,
  accuracy,
  captured_at: new Date().toISOString(),
  source: 'device' as const,
});

async function takeShopPhoto(db: ReturnType<Harness['newDb']>, appId: string, accuracy: number, how: 'captured' | 'picked') {
  // A real shop photo (a committed sample): the server hashes what it stores itself, and only its own hash marks another
  // application's photo.
  const file = new File([new Uint8Array(readFileSync(samplePath(1)))], 'captured_image_1.jpg', { type: 'image/jpeg' });
  const prepared = await preparePhoto(
    file,
    how,
    { resize: async (b) => ({ blob: b, hash: SHOP_HASH }), exif: async () => ({}) },
    { fix: fix(accuracy), takenAt: new Date().toISOString() },
  );
  const id = await queuePhoto(
    db,
    { appId, field: 'shop_photo_file', fileType: 'SHOP_PHOTO', uploadType: 'APPLY_LOAN', label: 'Shop Photo' },
    prepared,
  );
  await rememberPhotoHash(db, { fileId: id, appId, hash: SHOP_HASH });
  return id;
}

it('flags reach the server with photos taken offline: accuracy 0, a picked file, the same shop in two applications', async () => {
  const db = h.newDb();
  const [first, second] = [newApplicationId(), newApplicationId()];
  for (const id of [first, second])
    expect((await call(h.server.app, 'PUT', `/v1/app/mfi/${id}`, { token: h.token, json: { phone: '9876543210' } })).status).toBe(201);

  // No network while the officer works: the photos wait in the outbox with their evidence.
  const a = await takeShopPhoto(db, first, 12, 'captured');
  const b = await takeShopPhoto(db, second, 0, 'picked');
  expect((await db.files.get(b))?.evidence).toMatchObject({ capture: 'picked', photo_hash: SHOP_HASH });
  // The phone already tells the second photo's problems.
  expect((await localFlags(db, (await db.files.get(b))!, 50)).map((f) => f.flag)).toEqual([
    'MOCK_SUSPECTED',
    'NOT_LIVE_CAPTURE',
    'DUPLICATE_PHOTO',
  ]);

  await createSyncEngine({ db, transport: h.transport, random: () => 0 }).syncNow();
  const serverId = async (local: string) => (await db.files.get(local))?.serverFileId;
  const rows = await h.server.db.query<{ id: string; integrity_flags: IntegrityFlag[] }>(
    'SELECT id, integrity_flags FROM files WHERE id = $1 OR id = $2',
    [await serverId(a), await serverId(b)],
  );
  const flagsOf = async (local: string) => {
    const id = await serverId(local);
    return rows.find((r) => r.id === id)?.integrity_flags.map((f) => f.flag);
  };
  expect(await flagsOf(a)).toEqual(['DUPLICATE_PHOTO']);
  expect(await flagsOf(b)).toEqual(['MOCK_SUSPECTED', 'NOT_LIVE_CAPTURE', 'DUPLICATE_PHOTO']);
});
