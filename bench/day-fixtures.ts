// A day's field work, made deterministically: camera-sized photos with GPS EXIF and the
// copies our photo pipeline stores, and simple valid PDFs. Nothing large is committed: the photos are made
// once in headless Chromium (Node has no canvas) and cached in the temp dir.
//
// Originals: a 4000×3000 (12 MP) picture drawn on a canvas (gradients, shapes, grain), JPEG quality 0.92
// as phone cameras write, plus an EXIF APP1 segment carrying GPS latitude/longitude.
// Stored copy: the real resizeWithOffscreen from src/lib/image-resize.ts (the function the app's resize
// worker runs: longest side 1600 px, JPEG 0.8), bundled with esbuild into the page, and the same choice
// resizeImage makes (keep the original unless the resized copy is smaller).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { chromiumOptions } from '../scripts/sandbox-process';
import { cameraJpeg } from './browser-kit';

export const CACHE_DIR = join(tmpdir(), 'flo-bench-day-v1');
export const GEO = { latitude: 26.8467, longitude: 80.9462 };

export type Photo = { seed: number; original: Buffer; stored: Buffer };

/** EXIF APP1 with IFD0 → GPS IFD (N/E, degrees/minutes/seconds as rationals), big-endian TIFF. */
export function gpsExif(lat: number, lon: number): Buffer {
  const dms = (v: number) => {
    const d = Math.floor(v);
    const m = Math.floor((v - d) * 60);
    const s = Math.round(((v - d) * 60 - m) * 60 * 1000);
    return [d, 1, m, 1, s, 1000];
  };
  const tiff = Buffer.alloc(8 + 2 + 12 + 4 + 2 + 4 * 12 + 4 + 48);
  tiff.write('MM', 0, 'ascii');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0: one entry, GPSInfo (0x8825) → offset of the GPS IFD.
  tiff.writeUInt16BE(1, 8);
  const gpsIfd = 8 + 2 + 12 + 4;
  const entry = (at: number, tag: number, type: number, count: number, value: number | string) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    if (typeof value === 'string') tiff.write(value, at + 8, 'ascii');
    else tiff.writeUInt32BE(value, at + 8);
  };
  entry(10, 0x8825, 4, 1, gpsIfd);
  tiff.writeUInt32BE(0, 22);
  const rationals = gpsIfd + 2 + 4 * 12 + 4;
  tiff.writeUInt16BE(4, gpsIfd);
  entry(gpsIfd + 2, 0x0001, 2, 2, 'N\0');
  entry(gpsIfd + 14, 0x0002, 5, 3, rationals);
  entry(gpsIfd + 26, 0x0003, 2, 2, 'E\0');
  entry(gpsIfd + 38, 0x0004, 5, 3, rationals + 24);
  tiff.writeUInt32BE(0, gpsIfd + 50);
  [...dms(lat), ...dms(lon)].forEach((n, i) => {
    tiff.writeUInt32BE(n, rationals + i * 4);
  });
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xffe1, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** Puts the EXIF segment right after SOI. */
const withExif = (jpeg: Buffer) => Buffer.concat([jpeg.subarray(0, 2), gpsExif(GEO.latitude, GEO.longitude), jpeg.subarray(2)]);

async function resizeBundle(): Promise<string> {
  const out = await build({
    entryPoints: ['src/lib/image-resize.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'FloResize',
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/** `count` photos (seeds 1..count), from the cache or made in Chromium. */
export async function dayPhotos(count: number, log: (s: string) => void = () => undefined): Promise<Photo[]> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = (seed: number, kind: 'orig' | 'stored') => join(CACHE_DIR, `${kind}-${seed}.jpg`);
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter(
    (s) => !existsSync(file(s, 'orig')) || !existsSync(file(s, 'stored')),
  );
  if (missing.length) {
    log(`making ${missing.length} camera-sized photos in Chromium (cached in ${CACHE_DIR})`);
    const browser = await chromium.launch(chromiumOptions);
    try {
      const page = await browser.newPage();
      await page.addInitScript('globalThis.__name = (f) => f');
      await page.goto('about:blank');
      await page.addScriptTag({ content: await resizeBundle() });
      for (const seed of missing) {
        const original = await cameraJpeg(page, seed, {
          caption: `Application document ${seed} - ${new Date(0).toISOString().slice(0, 10)}`,
        });
        // What the app stores: src/lib/image-resize.ts resizeWithOffscreen + resizeImage's choice.
        const stored = await page.evaluate(async (b64) => {
          const bin = atob(b64);
          const bytes = new Uint8Array(bin.length);
          for (let i = 0; i < bin.length; i += 1) bytes[i] = bin.charCodeAt(i);
          const blob = new Blob([bytes], { type: 'image/jpeg' });
          const api = (
            globalThis as unknown as {
              FloResize: {
                resizeWithOffscreen(r: { blob: Blob; maxSide: number; quality: number }): Promise<{ blob: Blob; resized: boolean }>;
              };
            }
          ).FloResize;
          const out = await api.resizeWithOffscreen({ blob, maxSide: 1600, quality: 0.8 });
          const keep = out.resized && out.blob.size < blob.size ? out.blob : blob;
          const kept = new Uint8Array(await keep.arrayBuffer());
          let s = '';
          for (let i = 0; i < kept.length; i += 0x8000) s += String.fromCharCode(...kept.subarray(i, i + 0x8000));
          return btoa(s);
        }, original.toString('base64'));
        writeFileSync(file(seed, 'orig'), withExif(original));
        writeFileSync(file(seed, 'stored'), Buffer.from(stored, 'base64'));
      }
    } finally {
      await browser.close();
    }
  }
  return Array.from({ length: count }, (_, i) => ({
    seed: i + 1,
    original: readFileSync(file(i + 1, 'orig')),
    stored: readFileSync(file(i + 1, 'stored')),
  }));
}

/** A valid one-page PDF of about `bytes` bytes: a text page and an incompressible padding stream, with a correct xref. */
export function makePdf(bytes: number, seed: number): Buffer {
  let x = seed * 7919 + 1;
  const rnd = () => {
    x = (x * 16807) % 2147483647;
    return x & 0xff;
  };
  const text = `BT /F1 18 Tf 72 720 Td (Bank statement ${seed}) Tj ET`;
  const objs: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'),
    Buffer.from(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const padLen = Math.max(0, bytes - 700);
  const pad = Buffer.alloc(padLen);
  for (let i = 0; i < padLen; i += 1) pad[i] = rnd();
  objs.push(Buffer.concat([Buffer.from(`<< /Length ${padLen} >>\nstream\n`), pad, Buffer.from('\nendstream')]));
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'binary')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(offset);
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')]);
    parts.push(b);
    offset += b.length;
  });
  const xref = [
    `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** Six PDFs of 100 KB to 2 MB. */
export const PDF_SIZES = [100, 250, 500, 900, 1400, 2000].map((k) => k * 1024);
