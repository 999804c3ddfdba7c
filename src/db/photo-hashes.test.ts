import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { appsWithSamePhoto, rememberPhotoHash } from './photo-hashes';
import { openUserDb, type UserDb } from './user-db';

let db: UserDb;
beforeEach(() => {
  db = openUserDb('t', `u${Math.random()}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

it('finds the other applications that hold the same photo, not this one, not another photo', async () => {
  await rememberPhotoHash(db, { fileId: 'f1', appId: 'a1', hash: '3c3e1f0f8787c3e1' });
  await rememberPhotoHash(db, { fileId: 'f2', appId: 'a2', hash: 'c3c1e0f07878c3e1' });
  expect(await appsWithSamePhoto(db, 'a3', '3c3e1f0f8787c3e0')).toEqual(['a1']);
  expect(await appsWithSamePhoto(db, 'a1', '3c3e1f0f8787c3e1')).toEqual([]);
  expect(await appsWithSamePhoto(db, 'a3', '0000000000000000')).toEqual([]);
});
