// A picked photo's own time and place, read by exifr from a JPEG carrying a real EXIF block.
import jpeg from 'jpeg-js';
import { expect, it } from 'vitest';
import { readExifEvidence } from './photo-exif';

/** APP1 "Exif" with DateTimeOriginal and GPS latitude/longitude (big-endian TIFF). */
function exifApp1(when: string, lat: number, lon: number): Uint8Array {
  const b: number[] = [];
  const u16 = (v: number) => b.push((v >> 8) & 255, v & 255);
  const u32 = (v: number) => b.push((v >>> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255);
  const entry = (tag: number, type: number, count: number, value: number) => {
    u16(tag);
    u16(type);
    u32(count);
    u32(value);
  };
  const dms = (x: number) => {
    const d = Math.floor(x);
    const m = Math.floor((x - d) * 60);
    const s = Math.round(((x - d) * 60 - m) * 60 * 100);
    return [d, 1, m, 1, s, 100];
  };
  // TIFF header at 0; IFD0 at 8 (2 entries), Exif IFD at 38 (1 entry), GPS IFD at 56 (4 entries), data after.
  b.push(0x4d, 0x4d);
  u16(42);
  u32(8);
  u16(2);
  entry(0x8769, 4, 1, 38);
  entry(0x8825, 4, 1, 56);
  u32(0);
  const dateAt = 56 + 2 + 4 * 12 + 4;
  u16(1);
  entry(0x9003, 2, 20, dateAt);
  u32(0);
  const latAt = dateAt + 20;
  const lonAt = latAt + 24;
  u16(4);
  entry(1, 2, 2, 0x4e000000);
  entry(2, 5, 3, latAt);
  entry(3, 2, 2, 0x45000000);
  entry(4, 5, 3, lonAt);
  u32(0);
  for (const ch of `${when}\0`) b.push(ch.charCodeAt(0));
  for (const v of [...dms(lat), ...dms(lon)]) u32(v);
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...b];
  return new Uint8Array([0xff, 0xe1, ((body.length + 2) >> 8) & 255, (body.length + 2) & 255, ...body]);
}

function jpegWithExif(app1: Uint8Array): Blob {
  const img = jpeg.encode({ width: 16, height: 16, data: new Uint8Array(16 * 16 * 4).fill(128) }, 80).data;
  return new Blob([new Uint8Array(img.subarray(0, 2)), new Uint8Array(app1), new Uint8Array(img.subarray(2))], { type: 'image/jpeg' });
}

it('reads the EXIF time and the EXIF location of a picked photo', async () => {
  const ev = await readExifEvidence(jpegWithExif(exifApp1('2026:10:01 08:30:00', 18.9388, 72.8354)));
  expect(ev.exif_taken_at).toBe(new Date(2026, 9, 1, 8, 30, 0).toISOString());
  expect(ev.exif_geo?.latitude).toBeCloseTo(18.9388, 3);
  expect(ev.exif_geo?.longitude).toBeCloseTo(72.8354, 3);
});

it('answers nothing for a photo without EXIF (a camera capture drawn on a canvas)', async () => {
  const plain = jpeg.encode({ width: 8, height: 8, data: new Uint8Array(8 * 8 * 4).fill(200) }, 80).data;
  expect(await readExifEvidence(new Blob([new Uint8Array(plain)], { type: 'image/jpeg' }))).toEqual({});
});
