// The sample shop photographs for the reused-photo hash (contracts/photo-hash.ts) and the edits a reused
// photo goes through on its way back (resized, re-encoded, slightly cropped, brightened). Deterministic: the committed
// set under bench/samples/photo-hash/ is made by `npx tsx bench/photo-hash-samples.ts` and read by the tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { dHashFromRgba, hammingDistance } from '../contracts/photo-hash';

export type Raster = { width: number; height: number; data: Uint8Array };
export const SAMPLES_DIR = join(import.meta.dirname, 'samples', 'photo-hash');
export const SHOP_COUNT = 12;
/** The committed 'slightly cropped' edit: 3 % off every side (heavier crops are measured by bench/photo-hash.ts). */
export const CROP_MARGIN = 0.03;
export const VARIANTS = ['small', 'q40', 'crop', 'bright'] as const;
export type Variant = (typeof VARIANTS)[number];
export const samplePath = (shop: number, variant?: Variant) =>
  join(SAMPLES_DIR, `shop-${String(shop).padStart(2, '0')}${variant ? `-${variant}` : ''}.jpg`);

function random(seed: number) {
  let x = (seed * 9973 + 12345) % 2147483647;
  return () => {
    x = (x * 16807) % 2147483647;
    return x / 2147483647;
  };
}

type Rgb = [number, number, number];
const hsl = (h: number, s: number, l: number): Rgb => {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
};

/**
 * A street-front shop as a phone sees it: sky, a wall with plaster texture, a signboard, a striped awning, an open
 * shutter with shelves of stock, a counter, the road; daylight falling off to one side; sensor noise. Every shop
 * shares the layout (the hard case: different shops that look alike), with its own sizes, colours and stock.
 */
export function shopScene(seed: number, width = 400, height = 300): Raster {
  const rnd = random(seed);
  const data = new Uint8Array(width * height * 4);
  const img: Raster = { width, height, data };
  const put = (x: number, y: number, c: Rgb) => {
    const i = (y * width + x) * 4;
    data[i] = c[0];
    data[i + 1] = c[1];
    data[i + 2] = c[2];
    data[i + 3] = 255;
  };
  const rect = (x0: number, y0: number, w: number, h: number, c: (x: number, y: number) => Rgb) => {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(height, Math.round(y0 + h)); y++) {
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(width, Math.round(x0 + w)); x++) put(x, y, c(x, y));
    }
  };
  const sky = hsl(200 + rnd() * 20, 0.5, 0.75);
  const wall = hsl(rnd() * 360, 0.25 + rnd() * 0.3, 0.5 + rnd() * 0.25);
  const skyline = height * (0.08 + rnd() * 0.1);
  rect(0, 0, width, skyline, (_x, y) => [sky[0] - y * 0.3, sky[1] - y * 0.2, sky[2]]);
  rect(0, skyline, width, height, () => wall);
  const shopX = width * (0.08 + rnd() * 0.15);
  const shopW = width * (0.55 + rnd() * 0.25);
  const signY = skyline + height * 0.04;
  const signH = height * (0.12 + rnd() * 0.06);
  const signC = hsl(rnd() * 360, 0.7, 0.45);
  rect(shopX, signY, shopW, signH, () => signC);
  const letter = hsl(rnd() * 360, 0.8, 0.9);
  for (let i = 0, x = shopX + 10; i < 6 + rnd() * 6 && x < shopX + shopW - 20; i++) {
    const w = 8 + rnd() * 18;
    rect(x, signY + signH * 0.25, w, signH * 0.5, () => letter);
    x += w + 4 + rnd() * 8;
  }
  const awningY = signY + signH;
  const stripeA = hsl(rnd() * 360, 0.7, 0.5);
  const stripeB: Rgb = [240, 240, 235];
  rect(shopX - 8, awningY, shopW + 16, height * 0.07, (x) => (Math.floor((x - shopX) / 18) % 2 ? stripeA : stripeB));
  const openY = awningY + height * 0.07;
  const openH = height * 0.88 - openY;
  rect(shopX, openY, shopW, openH, () => [40, 36, 34]);
  const shelves = 3 + Math.floor(rnd() * 3);
  for (let s = 0; s < shelves; s++) {
    const y = openY + ((s + 0.5) * openH * 0.7) / shelves;
    rect(shopX + 6, y + openH * 0.12, shopW - 12, 4, () => [120, 90, 60]);
    for (let x = shopX + 8; x < shopX + shopW - 20; ) {
      const w = 8 + rnd() * 20;
      const h = openH * (0.05 + rnd() * 0.06);
      const c = hsl(rnd() * 360, 0.6, 0.35 + rnd() * 0.3);
      rect(x, y + openH * 0.12 - h, w, h, () => c);
      x += w + 2;
    }
  }
  const counter = hsl(30 + rnd() * 20, 0.4, 0.35);
  rect(shopX, openY + openH * 0.78, shopW, openH * 0.22, () => counter);
  rect(0, height * 0.88, width, height, (x, y) => [95 + ((x * 7 + y * 13) % 9), 95, 100]);
  const light = rnd() > 0.5 ? 1 : -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const shade = 1 + light * 0.25 * (x / width - 0.5);
      const noise = (rnd() - 0.5) * 10;
      for (let k = 0; k < 3; k++) data[i + k] = Math.max(0, Math.min(255, data[i + k]! * shade + noise));
    }
  }
  return img;
}

/** Box-filter downscale by an integer-free factor (area average). */
export function resize(src: Raster, width: number, height: number): Raster {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [x0, x1] = [
        Math.floor((x * src.width) / width),
        Math.max(Math.floor((x * src.width) / width) + 1, Math.floor(((x + 1) * src.width) / width)),
      ];
      const [y0, y1] = [
        Math.floor((y * src.height) / height),
        Math.max(Math.floor((y * src.height) / height) + 1, Math.floor(((y + 1) * src.height) / height)),
      ];
      const sum = [0, 0, 0];
      for (let yy = y0; yy < y1; yy++)
        for (let xx = x0; xx < x1; xx++) for (let k = 0; k < 3; k++) sum[k]! += src.data[(yy * src.width + xx) * 4 + k]!;
      const n = (x1 - x0) * (y1 - y0);
      const i = (y * width + x) * 4;
      for (let k = 0; k < 3; k++) data[i + k] = Math.round(sum[k]! / n);
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

/** A margin cut from every side (fraction of the side), as an officer's re-framed screenshot would. */
export function crop(src: Raster, margin: number): Raster {
  const [dx, dy] = [Math.round(src.width * margin), Math.round(src.height * margin)];
  const width = src.width - 2 * dx;
  const height = src.height - 2 * dy;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    data.set(src.data.subarray(((y + dy) * src.width + dx) * 4, ((y + dy) * src.width + dx + width) * 4), y * width * 4);
  return { width, height, data };
}

export const brighten = (src: Raster, factor: number): Raster => ({
  ...src,
  data: src.data.map((v, i) => (i % 4 === 3 ? v : Math.min(255, Math.round(v * factor)))),
});

export const encode = (r: Raster, quality: number) => jpeg.encode({ width: r.width, height: r.height, data: r.data }, quality).data;
export const decode = (bytes: Uint8Array): Raster => {
  const d = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 30 });
  return { width: d.width, height: d.height, data: d.data };
};

/** The committed edits of one shop photo. */
export function variant(base: Raster, v: Variant): Uint8Array {
  if (v === 'small') return encode(resize(base, Math.round(base.width / 2), Math.round(base.height / 2)), 85);
  if (v === 'q40') return encode(base, 40);
  if (v === 'crop') return encode(crop(base, CROP_MARGIN), 85);
  return encode(brighten(base, 1.15), 85);
}

export const hashOf = (r: Raster) => dHashFromRgba(r.data, r.width, r.height);
export const hashFile = (path: string) => hashOf(decode(new Uint8Array(readFileSync(path))));

export type HashRates = {
  threshold: number;
  same_pairs: number;
  misses: number;
  miss_rate: number;
  different_pairs: number;
  false_matches: number;
  false_match_rate: number;
};

/** Same-photo pairs (each original with each of its edits) and different-photo pairs (every photo of one shop with every photo of another). */
export function rates(groups: readonly string[][], threshold: number): HashRates {
  let same = 0,
    misses = 0,
    diff = 0,
    falses = 0;
  for (let g = 0; g < groups.length; g++) {
    const [orig, ...edits] = groups[g]!;
    for (const e of edits) {
      same++;
      if (hammingDistance(orig!, e) > threshold) misses++;
    }
    for (let h = g + 1; h < groups.length; h++) {
      for (const a of groups[g]!)
        for (const b of groups[h]!) {
          diff++;
          if (hammingDistance(a, b) <= threshold) falses++;
        }
    }
  }
  return {
    threshold,
    same_pairs: same,
    misses,
    miss_rate: misses / same,
    different_pairs: diff,
    false_matches: falses,
    false_match_rate: falses / diff,
  };
}
