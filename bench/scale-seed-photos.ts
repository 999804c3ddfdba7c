// The lender's visit photos at scale: file rows of kind 'photo' carrying a 64-bit dHash (files.photo_hash, a signed
// bigint, as the server stores it). Seeded by SQL in one INSERT ... SELECT, so a photo-reuse index can be measured
// against the same rows the lists see. Most hashes are random; every `dupEvery`-th photo is a near copy of an earlier
// one (1 to `maxFlip` bits flipped), so a Hamming search at ≤ 8 bits has true answers to find.
// Reusable on its own: `seedPhotoHashes(q, { tenantId, count, apps })`.
import type { Queryable } from '../server/db/db';

export type PhotoSeed = {
  tenantId: string;
  /** How many photo rows; photo g belongs to application 1 + (g - 1) % apps. */
  count: number;
  /** How many applications the seed made (ids are md5('app' || g) for g in 1..apps, see bench/scale-seed-sql.ts). */
  apps: number;
  dupEvery?: number;
  maxFlip?: number;
};

/** The random 64-bit hash of photo `g`, as SQL: the first 16 hex digits of an md5, read as a signed bigint. */
export const photoHashSql = (g: string) => `('x' || substr(md5('photo' || (${g})::text), 1, 16))::bit(64)::bigint`;

/**
 * XOR mask with 1..maxFlip distinct bits set, chosen from g: positions (g*7 + i*9) mod 64 for i < k; 9 and 64 are
 * coprime, so the positions are distinct and the copy is exactly k bits from its original.
 */
const flipsSql = (maxFlip: number, dupEvery: number) =>
  `(SELECT bit_or(1::bigint << ((g * 7 + i * 9) % 64)::int) FROM generate_series(0, (g / ${dupEvery}) % ${maxFlip}) i)`;

/** Inserts `count` photo file rows with their hashes (indexes and triggers are the caller's business). */
export async function seedPhotoHashes(q: Queryable, s: PhotoSeed): Promise<void> {
  const dupEvery = s.dupEvery ?? 100;
  const maxFlip = s.maxFlip ?? 8;
  await q.exec(`
INSERT INTO files (id, tenant_id, owner, mime, size, path, original_name, file_type, upload_type, application_id,
  created_at, photo_hash, evidence)
SELECT md5('photo-file' || g), '${s.tenantId}', 'staff', 'image/jpeg', 180000 + (g % 90000),
  'files/' || md5('photo-file' || g), 'photo.jpg', 'photo', 'cpv_business', md5('app' || (1 + (g - 1) % ${s.apps})),
  now() - ((g % 365) || ' days')::interval,
  CASE WHEN g % ${dupEvery} = 0 AND g > ${dupEvery}
    THEN ${photoHashSql(`g - ${dupEvery} + 1`)} # ${flipsSql(maxFlip, dupEvery)}
    ELSE ${photoHashSql('g')} END,
  '{"source":"camera"}'::jsonb
FROM generate_series(1, ${s.count}) g`);
}
