// The visit's evidence summary reads the server's flags kept on the phone and the phone's own for photos
// not sent yet (real Dexie on fake-indexeddb).
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { cacheList } from '../db/records';
import { putFile } from '../db/files';
import { UserDbProvider } from '../db/user-db-context';
import { openUserDb, type UserDb } from '../db/user-db';
import { EvidenceSummary } from './evidence-summary';
import { evidenceListKey } from '../photos/local-evidence';

const APP = 'e'.repeat(32);
const T = new Date().toISOString();
let db: UserDb;
beforeEach(() => {
  db = openUserDb('t', `u${Math.random()}`);
  // A phone in the field: what is shown is what the phone holds (the fetch when online is the e2e's).
  Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
});
afterEach(async () => {
  cleanup();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  db.close();
  await db.delete();
});

const local = (id: string, field: string, over: Record<string, unknown> = {}) =>
  putFile(db, {
    id,
    blob: new Blob(['x'], { type: 'image/jpeg' }),
    name: 'p.jpg',
    mime: 'image/jpeg',
    size: 1,
    appId: APP,
    field,
    geoTag: { latitude: 18.52, longitude: 73.85, accuracy: 0, captured_at: T, source: 'device' },
    evidence: { capture: 'camera', taken_at: T },
    ...over,
  });

it("shows the server's flags for sent photos and the phone's for photos still on it, one row each", async () => {
  await cacheList(db, evidenceListKey(APP), [
    {
      file_id: 'f1',
      file_type: 'SHOP_PHOTO',
      geo_tag: null,
      created_at: T,
      integrity_flags: [{ flag: 'DUPLICATE_PHOTO', other_application_id: `${'a'.repeat(26)}2617ed` }],
    },
    { file_id: 'f2', file_type: 'PAN', geo_tag: null, created_at: T, integrity_flags: [] },
  ]);
  await local('sent', 'shop_photo_file', { serverFileId: 'f1', uploadState: 'uploaded' });
  await local('waiting', 'house_selfie_photo_file');
  await local('qr', 'qr_code_upload');
  render(
    <UserDbProvider db={db}>
      <EvidenceSummary appId={APP} />
    </UserDbProvider>,
  );
  const rows = await screen.findAllByTestId('evidence-row');
  expect(rows).toHaveLength(2);
  expect(within(rows[0]!).getByText('Shop Photo')).toBeTruthy();
  expect(rows[0]!.textContent).toContain('Same photo as in another application: application …2617ed');
  expect(rows[1]!.textContent).toContain('House Selfie Photo (on this phone, not sent yet)');
  expect(rows[1]!.textContent).toContain('Location looks simulated (accuracy 0)');
});

it('says when the visit has no photos yet', async () => {
  render(
    <UserDbProvider db={db}>
      <EvidenceSummary appId={APP} />
    </UserDbProvider>,
  );
  expect(await screen.findByText('No visit photos yet.')).toBeTruthy();
});
