// Writes the committed sample set of the reused-photo hash: 12 shop photographs and 4 edits of each
// (bench/photo-hash-kit.ts). Run once: `npx tsx bench/photo-hash-samples.ts`; the files are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { encode, SAMPLES_DIR, SHOP_COUNT, samplePath, shopScene, VARIANTS, variant } from './photo-hash-kit';

mkdirSync(SAMPLES_DIR, { recursive: true });
let bytes = 0;
for (let shop = 1; shop <= SHOP_COUNT; shop++) {
  const base = shopScene(shop);
  const original = encode(base, 85);
  writeFileSync(samplePath(shop), original);
  bytes += original.length;
  for (const v of VARIANTS) {
    const edited = variant(base, v);
    writeFileSync(samplePath(shop, v), edited);
    bytes += edited.length;
  }
}
console.log(`${SHOP_COUNT * (1 + VARIANTS.length)} photos, ${Math.round(bytes / 1024)} KB in ${SAMPLES_DIR}`);
