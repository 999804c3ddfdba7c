// The reused-photo hash on the committed sample set (bench/samples/photo-hash, bench/README.md
// "Reused-photo hash"): edits of one photo match it, photos of other (look-alike) shops do not.
import { describe, expect, it } from 'vitest';
import { HASH_MATCH_MAX_DISTANCE, hammingDistance, isSamePhoto } from '../../contracts/photo-hash';
import { hashFile, rates, SHOP_COUNT, samplePath, VARIANTS } from '../../bench/photo-hash-kit';

const groups = Array.from({ length: SHOP_COUNT }, (_, i) =>
  [samplePath(i + 1), ...VARIANTS.map((v) => samplePath(i + 1, v))].map(hashFile),
);

describe(`dHash at the threshold in use (${HASH_MATCH_MAX_DISTANCE} bits)`, () => {
  it.each(['small', 'q40', 'bright'] as const)('finds every %s copy of every shop photo', (edit) => {
    const k = VARIANTS.indexOf(edit) + 1;
    expect(groups.filter((g) => !isSamePhoto(g[0]!, g[k]!)).length).toBe(0);
  });

  it("finds most copies cropped by 3 % a side (dHash's known limit: at most 3 of 12 missed)", () => {
    const k = VARIANTS.indexOf('crop') + 1;
    expect(groups.filter((g) => !isSamePhoto(g[0]!, g[k]!)).length).toBeLessThanOrEqual(3);
  });

  it('never matches a photo of another shop, even one laid out alike', () => {
    const r = rates(groups, HASH_MATCH_MAX_DISTANCE);
    expect(r.different_pairs).toBe(1650);
    expect(r.false_matches).toBe(0);
  });

  it('is the same hash for the same file read twice, and differs between shops by many bits on average', () => {
    expect(hashFile(samplePath(1))).toBe(groups[0]![0]);
    const mean = groups.slice(1).reduce((s, g) => s + hammingDistance(groups[0]![0]!, g[0]!), 0) / (SHOP_COUNT - 1);
    expect(mean).toBeGreaterThan(20);
  });
});
