// The real first pieces of the workflow, offline then online: create an application on the phone,
// take the borrower photo, save KYC; the server ends with one application, one photo with its geotag, one patch.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes } from '../../server/test-helpers';
import { saveDraft } from '../../src/db/drafts';
import { allOps } from '../../src/db/outbox';
import { discardLocalFile } from '../../src/db/files';
import { kycDraftKey } from '../../src/features/kyc/kyc-step';
import { START_DRAFT_KEY, startApplication } from '../../src/ops/start-application';
import { preparePhoto } from '../../src/photos/prepare-photo';
import { queuePhoto } from '../../src/photos/queue-photo';
import { createSyncEngine } from '../../src/sync/engine';
import { type Harness, makeHarness, patchPhoto } from './sync-harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h.close();
});

const GEO = { latitude: 23.0225, longitude: 72.5714, accuracy: 15, captured_at: '2026-11-23T08:00:00.000Z', source: 'device' as const };
const photoFile = () => new File([new Uint8Array(jpegBytes(320, 240))], 'IMG_0001.jpg', { type: 'image/jpeg' });
const prepare = () => preparePhoto(photoFile(), 'captured', { resize: async (b) => b, geoTag: async () => GEO });

describe('offline application start and borrower photo', () => {
  it('queues everything offline, then lands exactly once, in order, with the geotag', async () => {
    const db = h.newDb();
    await saveDraft(db, START_DRAFT_KEY, { phone: '9876501234', name: 'Sunita Patil' });
    h.network.offline = true;
    const appId = await startApplication(db, { phone: '9876501234', name: 'Sunita Patil' });
    // Kept as what was sent until the server accepts it.
    expect((await db.drafts.get(START_DRAFT_KEY))?.sentBy).toBeDefined();
    expect((await db.applications.get(appId))?.data).toMatchObject({ id: appId, phone: '9876501234', status: 'DRAFT' });

    const photoId = await queuePhoto(
      db,
      { appId, field: 'photo_file', fileType: 'BORROWER_PHOTO', uploadType: 'KYC', phone: '9876501234', label: 'Borrower photo' },
      await prepare(),
    );
    await saveDraft(db, kycDraftKey(appId), { photo_file: photoId });
    await patchPhoto(db, appId, photoId);
    expect((await db.drafts.get(kycDraftKey(appId)))?.sentBy).toBeDefined();

    // Offline the device says so: the engine spends no attempt. (random 0.5: a failed try waits, as on a phone.)
    let online = false;
    const engine = createSyncEngine({ db, transport: h.transport, random: () => 0.5, isOnline: () => online });
    await engine.syncNow();
    expect((await allOps(db)).map((o) => o.state)).toEqual(['queued', 'queued', 'queued']);
    expect(await h.server.db.query('SELECT id FROM applications WHERE id=$1', [appId])).toEqual([]);

    expect((await allOps(db)).every((o) => o.attempts === 0)).toBe(true);
    online = true;
    h.network.offline = false;
    // The first answer to the upload is lost after the server stored the file: the retry must not store a second one.
    h.network.inject({ fault: 'lose', times: 1, match: (m, p) => m === 'POST' && p === '/v1/file/upload' });
    for (let i = 0; i < 5 && (await allOps(db)).some((o) => o.state !== 'done'); i += 1) {
      await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
      await engine.syncNow();
    }
    expect((await allOps(db)).map((o) => o.state)).toEqual(['done', 'done', 'done']);
    expect(await db.drafts.get(START_DRAFT_KEY)).toBeUndefined();
    expect(await db.drafts.get(kycDraftKey(appId))).toBeUndefined();

    const files = await h.server.db.query<{ id: string; geo_tag: unknown; file_type: string }>(
      'SELECT id, geo_tag, file_type FROM files WHERE application_id=$1',
      [appId],
    );
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      file_type: 'BORROWER_PHOTO',
      geo_tag: { latitude: GEO.latitude, longitude: GEO.longitude, accuracy: 15 },
    });
    const [app] = await h.server.db.query<{ phone: string; data: Record<string, unknown> }>(
      'SELECT phone, data FROM applications WHERE id=$1',
      [appId],
    );
    expect(app).toMatchObject({
      phone: '9876501234',
      data: { name: 'Sunita Patil', photo_file: files[0]!.id, photo_geo_tag_info: '{"latitude":23.0225,"longitude":72.5714}' },
    });
    expect(await h.events(appId)).toHaveLength(1);
    expect((await db.files.get(photoId))?.serverFileId).toBe(files[0]!.id);
  });

  it('clearing a photo before it is sent removes its upload and the local copy', async () => {
    const db = h.newDb();
    h.network.offline = true;
    const appId = await startApplication(db, { phone: '9876501235', name: 'Ravi Kumar' });
    const photoId = await queuePhoto(
      db,
      { appId, field: 'photo_file', fileType: 'BORROWER_PHOTO', label: 'Borrower photo' },
      await prepare(),
    );
    expect(await discardLocalFile(db, photoId)).toBe(true);
    expect(await db.files.get(photoId)).toBeUndefined();
    expect((await allOps(db)).map((o) => o.kind)).toEqual(['application.create']);
    await db.outbox.filter((o) => o.kind === 'application.create').modify({ state: 'sending' });
    const second = await queuePhoto(
      db,
      { appId, field: 'photo_file', fileType: 'BORROWER_PHOTO', label: 'Borrower photo' },
      await prepare(),
    );
    await db.outbox.where('fileId').equals(second).modify({ state: 'sending' });
    expect(await discardLocalFile(db, second)).toBe(false);
    expect(await db.files.get(second)).toBeDefined();
    h.network.offline = false;
  });
});
