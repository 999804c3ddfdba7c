// Served images carry no EXIF (REQ-SBX-5), however a phone wrote it. The samples are built as phones write them
// (an EXIF block with a real GPS IFD that exifr reads), then stripped; exifr must find no GPS in what is served.
import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { jpegBytes, pngBytes } from '../test-helpers';
import { stripImageMetadata, stripJpegMetadata, stripPngMetadata } from './strip-metadata';

const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const bytes = (s: string) => [...s].map((c) => c.charCodeAt(0));

const entry = (tag: number, type: number, count: number, value: number[]) => [...u16(tag), ...u16(type), ...u32(count), ...value];
/** IFD0 entries of a phone photo held in sensor orientation: Make 'Pix' and Orientation 6 (turn 90° clockwise). */
const rotated = (orientation = 6) => [entry(0x010f, 2, 4, [...bytes('Pix'), 0]), entry(0x0112, 3, 1, [...u16(orientation), 0, 0])];

/**
 * A little-endian TIFF block with IFD0 (its `ifd0` entries, then the GPS pointer) → GPS IFD
 * (N 18° 31' 13", E 73° 51' 24"), as cameras write EXIF.
 */
function tiffWithGps(ifd0Entries: number[][] = []): number[] {
  const count = ifd0Entries.length + 1;
  const gpsAt = 8 + 2 + count * 12 + 4;
  const ifd0 = [...u16(count), ...ifd0Entries.flat(), ...entry(0x8825, 4, 1, u32(gpsAt)), ...u32(0)];
  const entries = 4;
  const dataAt = gpsAt + 2 + entries * 12 + 4;
  const rational = (vals: number[]) => vals.flatMap((v) => [...u32(v), ...u32(1)]);
  const gps = [
    ...u16(entries),
    ...u16(1),
    ...u16(2),
    ...u32(2),
    ...bytes('N'),
    0,
    0,
    0,
    ...u16(2),
    ...u16(5),
    ...u32(3),
    ...u32(dataAt),
    ...u16(3),
    ...u16(2),
    ...u32(2),
    ...bytes('E'),
    0,
    0,
    0,
    ...u16(4),
    ...u16(5),
    ...u32(3),
    ...u32(dataAt + 24),
    ...u32(0),
    ...rational([18, 31, 13]),
    ...rational([73, 51, 24]),
  ];
  return [...bytes('II'), 42, 0, ...u32(8), ...ifd0, ...gps];
}

const seg = (marker: number, payload: number[]) => [
  0xff,
  marker,
  ((payload.length + 2) >> 8) & 0xff,
  (payload.length + 2) & 0xff,
  ...payload,
];
const exifSegment = (ifd0Entries: number[][] = []) => seg(0xe1, [...bytes('Exif'), 0, 0, ...tiffWithGps(ifd0Entries)]);
const plain = () => [...jpegBytes(16, 16, false)];
/** A JPEG as a phone writes it: SOI, EXIF with GPS (and any other IFD0 entries), then the rest of a plain image. */
const phoneJpeg = (before: number[] = [], ifd0Entries: number[][] = []) =>
  new Uint8Array([0xff, 0xd8, ...before, ...exifSegment(ifd0Entries), ...plain().slice(2)]);

const gpsOf = async (b: Uint8Array) => exifr.gps(Buffer.from(b)).catch(() => undefined);

describe('stripJpegMetadata on phone-like samples', () => {
  it('the sample itself carries a GPS position exifr reads (so the checks below can fail)', async () => {
    expect(await gpsOf(phoneJpeg())).toMatchObject({ latitude: expect.closeTo(18.52, 2), longitude: expect.closeTo(73.856, 2) });
  });

  it('fill bytes before APP1 (0xFF 0xFF 0xE1): the EXIF goes, the picture stays', async () => {
    const withFill = new Uint8Array([0xff, 0xd8, 0xff, 0xff, 0xff, ...exifSegment(), ...plain().slice(2)]);
    const out = stripJpegMetadata(withFill);
    expect(await gpsOf(out)).toBeUndefined();
    expect(Buffer.from(out).includes(Buffer.from('Exif'))).toBe(false);
    expect(out).toEqual(jpegBytes(16, 16, false));
  });

  it('a second picture after EOI (multi-picture, motion photo) with its own EXIF is not served', async () => {
    const twoPictures = new Uint8Array([...plain(), ...phoneJpeg()]);
    expect(await gpsOf(twoPictures.subarray(plain().length))).toBeDefined();
    const out = stripJpegMetadata(twoPictures);
    expect(out).toEqual(new Uint8Array(plain()));
    expect(Buffer.from(out).includes(Buffer.from('Exif'))).toBe(false);
  });

  it('MPF and XMP APPn segments go; an ICC profile and Adobe stay; a segment between progressive scans is read', () => {
    const icc = seg(0xe2, [...bytes('ICC_PROFILE'), 0, 1, 1, 9, 9]);
    const mpf = seg(0xe2, [...bytes('MPF'), 0, 1, 2, 3]);
    const xmp = seg(0xe1, [...bytes('http://ns.adobe.com/xap/1.0/'), 0, ...bytes('<gps/>')]);
    const adobe = seg(0xee, [...bytes('Adobe'), 0, 100, 0, 0, 0, 0, 1]);
    const sof = seg(0xc2, [8, 0, 16, 0, 16, 1, 1, 0x11, 0]);
    const sos = seg(0xda, [1, 1, 0, 0, 0x3f, 0]);
    const scanData = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56];
    const input = new Uint8Array([
      0xff,
      0xd8,
      ...icc,
      ...mpf,
      ...adobe,
      ...sof,
      ...sos,
      ...scanData,
      ...xmp,
      ...sos,
      ...scanData,
      0xff,
      0xd9,
    ]);
    const out = stripJpegMetadata(input);
    expect(out).toEqual(new Uint8Array([0xff, 0xd8, ...icc, ...adobe, ...sof, ...sos, ...scanData, ...sos, ...scanData, 0xff, 0xd9]));
  });

  it('Orientation 6 with GPS and Make: only Orientation is kept, in a minimal EXIF block where the old one was', async () => {
    const sample = phoneJpeg([], rotated());
    expect(await exifr.orientation(Buffer.from(sample))).toBe(6);
    expect(await exifr.parse(Buffer.from(sample), true)).toHaveProperty('Make', 'Pix');
    const out = stripJpegMetadata(sample);
    expect(await gpsOf(out)).toBeUndefined();
    expect(await exifr.orientation(Buffer.from(out))).toBe(6);
    const all = await exifr.parse(Buffer.from(out), { tiff: true, ifd1: true, exif: true, gps: true, interop: true, xmp: true });
    expect(Object.keys(all)).toEqual(['Orientation']);
    expect(Buffer.from(out).includes(Buffer.from('Pix'))).toBe(false);
    const app1 = out.subarray(2, 2 + 36);
    expect([app1[0], app1[1]]).toEqual([0xff, 0xe1]);
    expect(new Uint8Array([...out.subarray(0, 2), ...out.subarray(2 + 36)])).toEqual(jpegBytes(16, 16, false));
  });

  it.each([
    ['no Orientation', []],
    ['Orientation 1 (already upright)', rotated(1)],
    ['an Orientation out of range', rotated(9)],
  ])('a JPEG with %s gets no EXIF at all', async (_, ifd0Entries) => {
    const out = stripJpegMetadata(phoneJpeg([], ifd0Entries));
    expect(Buffer.from(out).includes(Buffer.from('Exif'))).toBe(false);
    expect(out).toEqual(jpegBytes(16, 16, false));
  });

  it('only the first EXIF block before the image data counts, as viewers read it', async () => {
    const firstHasNone = new Uint8Array([0xff, 0xd8, ...exifSegment(), ...exifSegment(rotated()), ...plain().slice(2)]);
    expect(Buffer.from(stripJpegMetadata(firstHasNone)).includes(Buffer.from('Exif'))).toBe(false);
    const twice = new Uint8Array([0xff, 0xd8, ...exifSegment(rotated(3)), ...exifSegment(rotated(6)), ...plain().slice(2)]);
    expect(await exifr.orientation(Buffer.from(stripJpegMetadata(twice)))).toBe(3);
  });

  it('a file whose markers break off is cut there, never passed through', () => {
    const broken = new Uint8Array([0xff, 0xd8, ...seg(0xe0, [...bytes('JFIF'), 0, 1, 1]), 0x00, ...exifSegment()]);
    const out = stripJpegMetadata(broken);
    expect(Buffer.from(out).includes(Buffer.from('Exif'))).toBe(false);
  });
});

describe('stripPngMetadata', () => {
  const crc = [0, 0, 0, 0];
  const chunk = (type: string, data: number[]) => [...u32be(data.length), ...bytes(type), ...data, ...crc];
  function u32be(n: number) {
    return [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  }
  it('an eXIf chunk with GPS goes, and nothing after IEND is kept', async () => {
    const png = [...pngBytes(1, 1)];
    const iend = png.length - 12;
    const withExif = new Uint8Array([...png.slice(0, 33), ...chunk('eXIf', tiffWithGps()), ...png.slice(33, iend + 12), ...exifSegment()]);
    const out = stripPngMetadata(withExif);
    expect(out).toEqual(new Uint8Array(png));
    expect(await gpsOf(out)).toBeUndefined();
  });
  /** A PNG with image data, so an eXIf can come before or after it. */
  const withIdat = () => {
    const png = [...pngBytes(1, 1)];
    return [...png.slice(0, 33), ...chunk('IDAT', [1, 2, 3]), ...png.slice(33)];
  };
  it('an eXIf with Orientation 6 and GPS before the image data keeps only Orientation, in a chunk with a valid CRC', async () => {
    const png = [...pngBytes(1, 1)];
    const sample = new Uint8Array([...png.slice(0, 33), ...chunk('eXIf', tiffWithGps(rotated())), ...png.slice(33)]);
    expect(await exifr.orientation(Buffer.from(sample))).toBe(6);
    const out = stripPngMetadata(sample);
    expect(await gpsOf(out)).toBeUndefined();
    expect(await exifr.orientation(Buffer.from(out))).toBe(6);
    const all = await exifr.parse(Buffer.from(out), { ihdr: false, tiff: true, ifd1: true, exif: true, gps: true, interop: true });
    expect(Object.keys(all)).toEqual(['Orientation']);
    const kept = out.subarray(33, 33 + 12 + 26);
    expect(Buffer.from(kept.subarray(4, 8)).toString('latin1')).toBe('eXIf');
    expect(new DataView(kept.buffer, kept.byteOffset).getUint32(8 + 26)).toBe(crc32(kept.subarray(4, 8 + 26)));
    expect(new Uint8Array([...out.subarray(0, 33), ...out.subarray(33 + 38)])).toEqual(new Uint8Array(png));
  });
  it('an eXIf with no Orientation, or one after the image data, leaves no EXIF at all', () => {
    const png = withIdat();
    const iend = png.length - 12;
    expect(stripPngMetadata(new Uint8Array([...png.slice(0, 33), ...chunk('eXIf', tiffWithGps()), ...png.slice(33)]))).toEqual(
      new Uint8Array(png),
    );
    const late = new Uint8Array([...png.slice(0, iend), ...chunk('eXIf', tiffWithGps(rotated())), ...png.slice(iend)]);
    expect(stripPngMetadata(late)).toEqual(new Uint8Array(png));
  });
  it.each(['exIf', 'zxIf', 'gpSx', 'caBX'])('a %s chunk (older spelling, private or unlisted) goes too: only the image is kept', (type) => {
    const png = [...pngBytes(1, 1)];
    const withChunk = new Uint8Array([...png.slice(0, 33), ...chunk(type, tiffWithGps()), ...png.slice(33)]);
    expect(stripPngMetadata(withChunk)).toEqual(new Uint8Array(png));
  });
});

describe('stripWebpMetadata', () => {
  const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
  const chunk = (type: string, data: number[]) => [...bytes(type), ...le32(data.length), ...data, ...(data.length % 2 ? [0] : [])];
  const riff = (body: number[]) => new Uint8Array([...bytes('RIFF'), ...le32(4 + body.length), ...bytes('WEBP'), ...body]);
  it('EXIF and XMP chunks go and VP8X no longer announces them; the image stays', () => {
    const vp8x = (flags: number) => chunk('VP8X', [flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const image = chunk('VP8L', [0x2f, 0, 0, 0, 0x10]);
    const served = stripImageMetadata(
      'image/webp',
      riff([...vp8x(0b0000_1100), ...image, ...chunk('EXIF', tiffWithGps()), ...chunk('XMP ', bytes('<x:xmpmeta/>'))]),
    );
    expect(served).toEqual(riff([...vp8x(0), ...image]));
  });
});
