// REQ-FILE-6 upload fields: a camera photo goes by the captured-image call, a picked one by the single
// upload; both carry upload_type (an upload type), name_prefix (the purpose) and, for applicant and co-applicant
// documents, record_index; the in-process server stores them as sent.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegBytes } from '../../server/test-helpers';
import { getOp } from '../../src/db/outbox';
import { queuePhoto } from '../../src/photos/queue-photo';
import { startApplication } from '../../src/ops/start-application';
import { uploadFields } from '../../src/photos/upload-fields';
import { aadhaarFrontReading } from '../../src/forms/use-aadhaar-front-prefill';
import { createSyncEngine } from '../../src/sync/engine';
import { type Harness, jpeg, makeHarness } from './sync-harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h.close();
});

describe('upload fields from what a screen names', () => {
  it.each([
    ['KYC', undefined, { upload_type: 'LOAN_APPLICANT_PERSONAL_INFO', name_prefix: 'KYC', record_index: 0 }],
    ['APPLY_LOAN', undefined, { upload_type: 'LOAN_APPLICANT_PERSONAL_INFO', name_prefix: 'APPLY_LOAN', record_index: 0 }],
    ['EMPLOYMENT', undefined, { upload_type: 'LOAN_APPLICANT_EMPLOYMENT_INFO', name_prefix: 'EMPLOYMENT' }],
    // REQ-FILE-6: a co-applicant's name_prefix is its record index (its record_index is sent as well).
    ['LOAN_APPLICANT_CO_APPLICANT', 2, { upload_type: 'LOAN_APPLICANT_CO_APPLICANT', name_prefix: '2', record_index: 2 }],
    ['LOAN_APPLICANT_CO_APPLICANT', undefined, { upload_type: 'LOAN_APPLICANT_CO_APPLICANT', name_prefix: '0', record_index: 0 }],
    ['LOAN_APPLICANT_EMPLOYMENT_INFO', 1, { upload_type: 'LOAN_APPLICANT_EMPLOYMENT_INFO', name_prefix: 'EMPLOYMENT' }],
    [undefined, undefined, { upload_type: 'LOAN_APPLICANT_PERSONAL_INFO', name_prefix: 'APPLY_LOAN', record_index: 0 }],
  ] as const)('%s (record %s)', (given, index, expected) => expect(uploadFields(given, index)).toEqual(expected));
});

describe('a camera photo and a picked one, through the sync engine to the server', () => {
  it('the camera photo by the captured-image call, both with their fields stored', async () => {
    const db = h.newDb();
    const appId = await startApplication(db, { phone: '9876512345', name: 'Ramesh Kumar' });
    const photo = {
      blob: jpeg(jpegBytes(64, 48, false)),
      name: 'captured_image_1.jpg',
      mime: 'image/jpeg',
      size: 0,
      geoTag: { latitude: 18.5, longitude: 73.8 },
    };
    photo.size = photo.blob.size;
    const target = {
      appId,
      field: 'pan_file',
      fileType: 'PAN',
      uploadType: 'LOAN_APPLICANT_CO_APPLICANT',
      recordIndex: 1,
      phone: '9876512345',
      label: 'PAN',
    };
    const captured = await queuePhoto(db, { ...target, captured: true }, photo);
    const picked = await queuePhoto(db, target, photo);
    const ops = await db.outbox.where('appId').equals(appId).toArray();
    const opOf = (fileId: string) => ops.find((o) => o.fileId === fileId)!;
    expect(opOf(captured).path).toBe('/v1/file/upload-captured-image');
    expect(opOf(picked).path).toBe('/v1/file/upload');

    await createSyncEngine({ db, transport: h.transport, random: () => 0.5 }).syncNow();
    for (const id of [captured, picked]) expect((await getOp(db, opOf(id).id))?.state).toBe('done');
    const ids = await Promise.all([captured, picked].map(async (id) => (await db.files.get(id))!.serverFileId!));
    const rows = await h.server.db.query<Record<string, unknown>>(
      'SELECT upload_type, name_prefix, record_index FROM files WHERE id = ANY($1) ORDER BY id',
      [ids],
    );
    expect(rows).toEqual([0, 1].map(() => ({ upload_type: 'LOAN_APPLICANT_CO_APPLICANT', name_prefix: '1', record_index: 1 })));
    expect(
      h.network.calls.some(
        (c) => c.path === '/api/main/v1/file/upload-captured-image' || c.path.endsWith('/v1/file/upload-captured-image'),
      ),
    ).toBe(true);
  });
});

describe("an Aadhaar front's reading ('Aadhaar Front data prefilled')", () => {
  it('comes back with the upload and is found by the local file id; other documents read nothing', async () => {
    const db = h.newDb();
    const appId = await startApplication(db, { phone: '9876512346', name: 'Sunita Devi' });
    const blob = jpeg(jpegBytes(64, 48, false));
    const photo = { blob, name: 'front.jpg', mime: 'image/jpeg', size: blob.size, geoTag: { latitude: 0, longitude: 0 } };
    const front = await queuePhoto(
      db,
      { appId, field: 'aadhaar_front_file', fileType: 'AADHAAR_FRONT', uploadType: 'LOAN_APPLICANT_CO_APPLICANT', label: 'Aadhaar front' },
      photo,
    );
    const pan = await queuePhoto(
      db,
      { appId, field: 'pan_file', fileType: 'PAN', uploadType: 'LOAN_APPLICANT_CO_APPLICANT', label: 'PAN' },
      photo,
    );
    expect(await aadhaarFrontReading(db, front)).toBeNull();
    await createSyncEngine({ db, transport: h.transport, random: () => 0.5 }).syncNow();
    expect(await aadhaarFrontReading(db, front)).toMatchObject({
      name: expect.any(String),
      dob: expect.stringMatching(/^\d\d-\d\d-\d{4}$/),
      aadhaar_last4: expect.stringMatching(/^\d{4}$/),
    });
    expect(await aadhaarFrontReading(db, pan)).toBeNull();
  });
});
