// @vitest-environment node
// A photo that does not fit, on a real Dexie database encrypted at rest (fake-indexeddb cannot run out of
// room, so the quota failure is raised inside the photo's own transaction, as IndexedDB aborts it on a real phone).
import { afterEach, describe, expect, it } from 'vitest';
import { openEncryptedUserDb } from '../db/encryption-test-kit';
import { StorageFullError } from '../db/storage-errors';
import type { UserDb } from '../db/user-db';
import { fullPhoneText, notSavedText } from './storage-full-text';
import { queuePhoto } from './queue-photo';
import type { PreparedPhoto } from './prepare-photo';

const photo = (bytes: number): PreparedPhoto => ({
  blob: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
  name: 'p.jpg',
  mime: 'image/jpeg',
  size: bytes,
  geoTag: { latitude: 21.1, longitude: 79.1, accuracy: 20, source: 'device' } as PreparedPhoto['geoTag'],
});
const target = (field: string) => ({ appId: 'a1', field, fileType: 'PAN', uploadType: 'KYC', label: 'PAN card' });

let db: UserDb;
afterEach(() => db?.delete());

describe('a photo that does not fit', () => {
  it('is refused whole as StorageFullError; the photos and queue stored before stay', async () => {
    ({ db } = await openEncryptedUserDb(`quota-${Math.random()}`));
    const first = await queuePhoto(db, target('photo_file'), photo(2000));
    // From now on the phone is full for anything over 100 KB: IndexedDB aborts the write's transaction.
    db.files.hook('creating', (_k, row) => {
      if ((row as { size: number }).size > 100_000) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const err = await queuePhoto(db, target('pan_file'), photo(300_000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageFullError);
    expect(fullPhoneText(err, 'PAN card')).toBe(notSavedText('PAN card'));
    expect((await db.files.toArray()).map((f) => [f.id, f.size])).toEqual([[first, 2000]]);
    expect((await db.outbox.toArray()).map((o) => o.fileId)).toEqual([first]);
    expect((await db.files.get(first))?.blob.size).toBe(2000);
  });

  it('other failures are not called a full phone', () => {
    expect(fullPhoneText(new TypeError('x'), 'PAN card')).toBeNull();
  });
});
