// The hashes of the visit photos this phone took, kept in one (encrypted) meta row, so a new photo is
// compared with every application's photos without decrypting each stored picture.
import { isSamePhoto } from '../../contracts/photo-hash';
import { getMeta, setMeta } from './records';
import type { UserDb } from './user-db';

const KEY = 'photo-hashes';
/** The newest this many are kept: a few weeks of an officer's visits. */
export const MAX_REMEMBERED = 2000;
export type PhotoHashEntry = { fileId: string; appId: string; hash: string };

export async function rememberPhotoHash(db: UserDb, entry: PhotoHashEntry): Promise<void> {
  const all = (await getMeta<PhotoHashEntry[]>(db, KEY)) ?? [];
  await setMeta(db, KEY, [...all.filter((e) => e.fileId !== entry.fileId), entry].slice(-MAX_REMEMBERED));
}

/** The other applications holding a photo with (nearly) this hash. */
export async function appsWithSamePhoto(db: UserDb, appId: string, hash: string): Promise<string[]> {
  const all = (await getMeta<PhotoHashEntry[]>(db, KEY)) ?? [];
  return [...new Set(all.filter((e) => e.appId !== appId && isSamePhoto(e.hash, hash)).map((e) => e.appId))];
}
