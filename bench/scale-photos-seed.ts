// Lender-scale photo hashes seeded by SQL: `count` visit-photo file rows of one tenant, each with a uniformly random
// 64-bit hash (the hardest spread for the substring index: no cluster the real dHash of similar shops would form),
// spread over applications of several branches' officers. The feed's stamp trigger is switched off for the insert:
// it would touch an application per photo, which the seed has no use for (needs a superuser, as a bench cluster is).
import type { Db } from '../server/db/db';

export const PHOTO_SEED_SQL = `
INSERT INTO files (id, tenant_id, owner, mime, size, path, file_type, application_id, photo_hash, created_at)
SELECT 'seedphoto-' || g, $1, 'staff:seed', 'image/jpeg', 180000, 'seed/' || g, 'SHOP_PHOTO',
  'seedapp-' || (g / 4), (floor(random() * 4294967296)::bigint << 32) | floor(random() * 4294967296)::bigint,
  now() - make_interval(secs => 10000000 - g)
FROM generate_series($3::int + 1, $3::int + $2::int) g`;

/** Seeds photos `from`+1 … `from`+`count` (in batches, so a 2-core machine keeps answering) and analyses the table. */
export async function seedPhotos(db: Db, tenantId: string, from: number, count: number, batch = 250_000): Promise<number> {
  const t0 = performance.now();
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    await db.tx(async (q) => {
      await q.exec('SET LOCAL session_replication_role = replica');
      await q.query(PHOTO_SEED_SQL, [tenantId, n, from + done]);
    });
  }
  await db.exec('ANALYZE files');
  return Math.round(performance.now() - t0);
}
