// The install manifest and the files it names: no orientation lock (the app works turned sideways), a narrow and a
// wide screenshot of the declared sizes, and each lender's own icons drawn in its brand colour.
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TENANTS } from '../../server/fixtures/tenants';

const manifest = JSON.parse(readFileSync('manifest.webmanifest', 'utf8')) as {
  orientation?: string;
  screenshots: { src: string; sizes: string; form_factor: string; label: string }[];
};

/** Width and height from a PNG's header. */
const pngSize = (file: string) => {
  const b = readFileSync(file);
  expect(b.subarray(1, 4).toString()).toBe('PNG');
  return `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`;
};

/** The RGB of one pixel of an 8-bit RGBA PNG written without row filters (scripts/make-icons.py). */
function pixel(file: string, x: number, y: number): string {
  const b = readFileSync(file);
  const width = b.readUInt32BE(16);
  let at = 8;
  const idat: Buffer[] = [];
  while (at < b.length) {
    const len = b.readUInt32BE(at);
    if (b.subarray(at + 4, at + 8).toString() === 'IDAT') idat.push(b.subarray(at + 8, at + 8 + len));
    at += len + 12;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const i = y * (1 + width * 4) + 1 + x * 4;
  return `#${[raw[i], raw[i + 1], raw[i + 2]].map((n) => (n ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

describe('install manifest', () => {
  it('does not lock the orientation', () => {
    expect(manifest.orientation).toBeUndefined();
  });

  it('has a narrow and a wide screenshot, each of its declared size and labelled', () => {
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const s of manifest.screenshots) {
      expect(pngSize(`public${s.src}`)).toBe(s.sizes);
      expect(s.label).not.toBe('');
    }
  });

  it.each(TENANTS.map((t) => [t.tenant_id, t.brand_color] as const))('%s has its own icons in %s', (id, colour) => {
    for (const [file, size] of [
      ['icon-192.png', '192x192'],
      ['icon-512.png', '512x512'],
      ['icon-maskable-512.png', '512x512'],
    ] as const) {
      const path = `public/tenants/${id}/${file}`;
      expect(pngSize(path)).toBe(size);
      // Inside the tile, outside the white coin.
      const n = Number(size.split('x')[0]);
      expect(pixel(path, Math.round(n * 0.12), Math.round(n / 2))).toBe(colour);
    }
  });
});
