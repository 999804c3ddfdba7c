// How well the 64-bit dHash tells a reused photo from another shop, on the committed sample set
// (bench/photo-hash-kit.ts): miss and false-match rates per Hamming threshold, written to bench/results/photo-hash.json.
// Run: `npx tsx bench/photo-hash.ts`. The threshold in use is contracts/photo-hash.ts HASH_MATCH_MAX_DISTANCE.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HASH_MATCH_MAX_DISTANCE, hammingDistance } from '../contracts/photo-hash';
import { crop, decode, encode, hashFile, hashOf, rates, SHOP_COUNT, samplePath, VARIANTS } from './photo-hash-kit';
import { readFileSync } from 'node:fs';

const t0 = performance.now();
const groups = Array.from({ length: SHOP_COUNT }, (_, i) =>
  [samplePath(i + 1), ...VARIANTS.map((v) => samplePath(i + 1, v))].map(hashFile),
);
const msPerHash = (performance.now() - t0) / (SHOP_COUNT * (1 + VARIANTS.length));
const same = groups.flatMap(([o, ...e]) => e.map((h) => hammingDistance(o!, h)));
const diff = groups.flatMap((g, i) => groups.slice(i + 1).flatMap((h) => g.flatMap((a) => h.map((b) => hammingDistance(a, b)))));
// Heavier crops than the committed 3 % (not committed): how far dHash's tolerance goes.
const heavierCrops = [0.05, 0.08].map((margin) => {
  const d = Array.from({ length: SHOP_COUNT }, (_, i) => {
    const base = decode(new Uint8Array(readFileSync(samplePath(i + 1))));
    return hammingDistance(hashOf(base), hashOf(decode(encode(crop(base, margin), 85))));
  });
  return { margin, misses_at_threshold: d.filter((x) => x > HASH_MATCH_MAX_DISTANCE).length, of: d.length, distances: d };
});
const perEdit = Object.fromEntries(VARIANTS.map((v, k) => [v, groups.map((g) => hammingDistance(g[0]!, g[k + 1]!))]));
const table = [4, 6, 8, 10, 12, 14, 16, 20].map((t) => rates(groups, t));
const result = {
  photos: SHOP_COUNT * (1 + VARIANTS.length),
  shops: SHOP_COUNT,
  edits: VARIANTS,
  threshold_in_use: HASH_MATCH_MAX_DISTANCE,
  same_photo_distance: { max: Math.max(...same), mean: same.reduce((a, b) => a + b, 0) / same.length },
  different_photo_distance: { min: Math.min(...diff), mean: diff.reduce((a, b) => a + b, 0) / diff.length },
  ms_per_decode_and_hash_400x300: Number(msPerHash.toFixed(1)),
  same_photo_distance_per_edit: perEdit,
  heavier_crops: heavierCrops,
  rates: table,
};
writeFileSync(join(import.meta.dirname, 'results', 'photo-hash.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(
  JSON.stringify({ ...result, rates: undefined, heavier_crops: heavierCrops.map((c) => ({ ...c, distances: c.distances.join(' ') })) }),
);
for (const r of table) console.log(`t=${r.threshold}: miss ${r.misses}/${r.same_pairs}, false ${r.false_matches}/${r.different_pairs}`);
