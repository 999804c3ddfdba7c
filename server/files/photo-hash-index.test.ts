// The substring index answers exactly as a scan of every hash does, up to the match distance: random hashes, hashes
// whose differing bits are spread over the substrings so no substring is exact, and every way of spreading 8 and 9
// differing bits over the three substrings. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASH_MATCH_MAX_DISTANCE, hammingDistance } from '../../contracts/photo-hash';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';
import { openTestDb, type TestDb } from '../db/test-db';
import { CHUNK_BITS, chunksOf, nearHashes, neighbours, probesFor } from './photo-hash-index';
import { hashToBigint, reusedIn } from './photo-integrity';

const TENANT = 'pragati';
let t: TestDb;
let rnd = 0x9e3779b9;
/** A seeded generator, so a failure names a reproducible case. */
const next = () => {
  rnd ^= rnd << 13;
  rnd ^= rnd >>> 17;
  rnd ^= rnd << 5;
  return rnd >>> 0;
};
const randomHash = () => (next().toString(16).padStart(8, '0') + next().toString(16).padStart(8, '0')).slice(0, 16);
const OFFSETS = CHUNK_BITS.map((_, i) => 64 - CHUNK_BITS.slice(0, i + 1).reduce((a, b) => a + b, 0));

/** `hex` with `counts[i]` distinct random bits flipped inside substring i. */
function flipped(hex: string, counts: number[]): string {
  let v = BigInt(`0x${hex}`);
  counts.forEach((n, i) => {
    const picked = new Set<number>();
    while (picked.size < n) picked.add(next() % CHUNK_BITS[i]!);
    for (const b of picked) v ^= 1n << BigInt(OFFSETS[i]! + b);
  });
  return v.toString(16).padStart(16, '0');
}

/** Every split of `total` differing bits over the three substrings. */
function spreads(total: number): number[][] {
  const out: number[][] = [];
  for (let a = 0; a <= Math.min(total, CHUNK_BITS[0]); a++)
    for (let b = 0; b <= Math.min(total - a, CHUNK_BITS[1]); b++) {
      const c = total - a - b;
      if (c <= CHUNK_BITS[2]) out.push([a, b, c]);
    }
  return out;
}

let row = 0;
async function store(hashes: string[], app = (i: number) => `app-${i % 7}`) {
  const ids = hashes.map(() => `f${++row}`);
  await t.db.query(
    `INSERT INTO files (id, tenant_id, owner, mime, size, path, application_id, photo_hash, created_at)
     SELECT id, $1, 'test', 'image/jpeg', 1, id, app, h, now() + make_interval(secs => n)
     FROM unnest($2::text[], $3::text[], $4::bigint[]) WITH ORDINALITY AS u(id, app, h, n)`,
    [TENANT, ids, hashes.map((_, i) => app(i)), hashes.map(hashToBigint)],
  );
  return ids;
}

async function scan(hex: string): Promise<string[]> {
  const rows = await t.db.query<{ id: string }>(
    'SELECT id FROM files WHERE tenant_id=$1 AND photo_hash IS NOT NULL AND bit_count((photo_hash # $2::bigint)::bit(64)) <= $3',
    [TENANT, hashToBigint(hex), HASH_MATCH_MAX_DISTANCE],
  );
  return rows.map((r) => r.id).sort();
}
const indexed = async (hex: string) => (await nearHashes(t.db, TENANT, hex, HASH_MATCH_MAX_DISTANCE)).map((r) => r.id).sort();

beforeAll(async () => {
  t = await openTestDb(undefined, { seeded: true });
  await migrate(t.db);
  await seed(t.db);
  await t.db.query('DELETE FROM files WHERE tenant_id=$1', [TENANT]);
}, 60_000);
afterAll(() => t?.drop());

describe('substrings and probes', () => {
  it('cuts the hash into substrings that rebuild it', () => {
    for (let i = 0; i < 200; i++) {
      const h = randomHash();
      const c = chunksOf(h);
      const back = c.reduce((acc, v, j) => (acc << BigInt(CHUNK_BITS[j]!)) | BigInt(v), 0n);
      expect(back.toString(16).padStart(16, '0')).toBe(h);
    }
  });

  it('lists each neighbour once, all within the radius', () => {
    const n = neighbours(0b1011, 22, 2);
    expect(n.length).toBe(1 + 22 + (22 * 21) / 2);
    expect(new Set(n).size).toBe(n.length);
    for (const v of n) expect(hammingDistance(v.toString(16).padStart(6, '0'), '00000b')).toBeLessThanOrEqual(2);
  });

  it('probes a substring of every hash up to 8 bits away, for every spread of its differing bits', () => {
    for (let total = 0; total <= HASH_MATCH_MAX_DISTANCE; total++)
      for (const spread of spreads(total))
        for (let k = 0; k < 5; k++) {
          const q = randomHash();
          const other = chunksOf(flipped(q, spread));
          expect(probesFor(q, HASH_MATCH_MAX_DISTANCE).some((p, i) => p.includes(other[i]!))).toBe(true);
        }
  });
});

describe('index against the scan', () => {
  it('finds the same photos as the scan: exhaustive spreads at 8 and 9 bits, near and random hashes', async () => {
    const queries = Array.from({ length: 12 }, randomHash);
    const stored: string[] = Array.from({ length: 3000 }, randomHash);
    const expected = new Map<string, string[]>();
    for (const q of queries) {
      const near = [...spreads(8), ...spreads(9)].map((s) => flipped(q, s));
      // Adversarial: no substring equal, each 2 or 3 bits off, so only the radius-2 probes can find them.
      for (const s of [
        [3, 3, 2],
        [3, 2, 3],
        [2, 3, 3],
        [2, 2, 2],
        [3, 3, 3],
        [3, 3, 1],
        [4, 4, 0],
        [1, 1, 6],
      ])
        near.push(flipped(q, s));
      for (let d = 0; d <= 12; d++) near.push(flipped(q, spreads(d)[next() % spreads(d).length]!));
      stored.push(...near);
      expected.set(
        q,
        near.filter((h) => hammingDistance(h, q) <= HASH_MATCH_MAX_DISTANCE),
      );
    }
    await store(stored);
    for (const q of queries) {
      const s = await scan(q);
      expect(await indexed(q)).toEqual(s);
      // Not vacuous: every planted hash at 8 bits or fewer is among the answers, none at 9.
      expect(s.length).toBeGreaterThanOrEqual(spreads(8).length + 4);
      expect(s.length).toBe(stored.filter((h) => hammingDistance(h, q) <= HASH_MATCH_MAX_DISTANCE).length);
      expect(expected.get(q)!.length).toBeLessThanOrEqual(s.length);
    }
    for (let i = 0; i < 50; i++) {
      const q = randomHash();
      expect(await indexed(q)).toEqual(await scan(q));
    }
  }, 120_000);

  it('gives the upload check the scan’s first five matches of other applications', async () => {
    const q = randomHash();
    await store(
      spreads(8).map((s) => flipped(q, s)),
      (i) => (i % 3 === 0 ? 'app-self' : `app-${i}`),
    );
    const want = await t.db.query<{ id: string; application_id: string }>(
      `SELECT id, application_id FROM files
       WHERE tenant_id=$1 AND photo_hash IS NOT NULL AND application_id IS NOT NULL AND application_id IS DISTINCT FROM $2
         AND bit_count((photo_hash # $3::bigint)::bit(64)) <= $4 ORDER BY created_at, id LIMIT 5`,
      [TENANT, 'app-self', hashToBigint(q), HASH_MATCH_MAX_DISTANCE],
    );
    expect(want.length).toBe(5);
    expect(await reusedIn(t.db, TENANT, 'app-self', q)).toEqual(want);
  });
});
