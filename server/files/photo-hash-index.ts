// The lender's near-duplicate photo search without reading every hash: multi-index hashing (Norouzi, Punjani and
// Fleet). The 64-bit hash is cut into CHUNK_BITS.length disjoint substrings, each kept in its own indexed column
// (server/db/migrations/019-photo-hash-chunks.ts). Two hashes at most r bits apart differ by at most ⌊r/m⌋ bits in
// at least one of the m substrings (were every substring ⌊r/m⌋+1 or more apart, the whole would be more than r), so
// every match is among the rows whose substring equals one of the values within ⌊r/m⌋ bits of the photo's: a few
// hundred index probes instead of a scan, then the exact distance decides.
//
// Why three substrings and not nine exact ones: at 1,000,000 uniformly spread hashes a 7-bit substring has 128
// values, so each exact probe would return ~7,800 rows (70,000 to verify per upload); 21–22 bits leave ~0.25 rows a
// value, and the 254 values within 2 bits of each substring bring ~180 candidates. Substrings near log2(n) bits is
// the paper's own choice.
import type { Queryable } from '../db/db';

/** Widths of the substrings, from the hash's top bit down; they sum to 64 and match the migration's columns. */
export const CHUNK_BITS = [22, 21, 21] as const;
export const CHUNK_COLUMNS = ['photo_hash_c0', 'photo_hash_c1', 'photo_hash_c2'] as const;

/** The substrings of a 16-hex-digit hash, as the migration's generated columns compute them. */
export function chunksOf(hex: string): number[] {
  let rest = BigInt(`0x${hex}`);
  const out: number[] = [];
  for (let i = CHUNK_BITS.length - 1; i >= 0; i--) {
    const bits = BigInt(CHUNK_BITS[i]!);
    out.unshift(Number(rest & ((1n << bits) - 1n)));
    rest >>= bits;
  }
  return out;
}

/** Every value of `bits` bits at most `radius` bits away from `value` (itself included). */
export function neighbours(value: number, bits: number, radius: number): number[] {
  const out: number[] = [];
  const walk = (v: number, from: number, left: number) => {
    out.push(v);
    if (left === 0) return;
    for (let b = from; b < bits; b++) walk(v ^ (1 << b), b + 1, left - 1);
  };
  walk(value, 0, Math.min(radius, bits));
  return out;
}

/** The values to probe in each substring's column for matches at most `maxDistance` bits away. */
export function probesFor(hex: string, maxDistance: number): number[][] {
  const radius = Math.floor(maxDistance / CHUNK_BITS.length);
  return chunksOf(hex).map((c, i) => neighbours(c, CHUNK_BITS[i]!, radius));
}

/**
 * The condition that keeps only index candidates for `hex`, its parameters numbered from `n` (one int[] per
 * substring). The caller still checks the exact distance: the candidates are a superset of the matches.
 */
export function candidateCondition(hex: string, maxDistance: number, n: number): { sql: string; params: unknown[] } {
  const probes = probesFor(hex, maxDistance);
  const sql = CHUNK_COLUMNS.map((col, i) => `${col} = ANY($${n + i}::int[])`).join(' OR ');
  return { sql: `(${sql})`, params: probes };
}

/** Photo rows of a tenant whose hash is at most `maxDistance` bits from `hex` (any application), through the index. */
export async function nearHashes(q: Queryable, tenantId: string, hex: string, maxDistance: number) {
  const cand = candidateCondition(hex, maxDistance, 4);
  return q.query<{ id: string }>(
    `SELECT id FROM files WHERE tenant_id=$1 AND photo_hash IS NOT NULL AND ${cand.sql}
       AND bit_count((photo_hash # $2::bigint)::bit(64)) <= $3`,
    [tenantId, BigInt.asIntN(64, BigInt(`0x${hex}`)).toString(), maxDistance, ...cand.params],
  );
}
