import { concat } from '../storage/file-store';
import { jpegExifOrientation, orientationApp1, orientationPngChunk, tiffOrientation } from './exif-orientation';

/**
 * Image bytes as served: without the metadata that can locate or identify the person who took the
 * photo (GPS, device, owner, comments). The geotag the app sent stays in the database.
 *
 * JPEG: every APPn segment is removed except JFIF (APP0), an ICC profile (APP2 'ICC_PROFILE') and Adobe (APP14), so
 * colours do not change; COM segments go too. The first EXIF block before the image data (the one viewers read) is
 * replaced by one holding only its Orientation, when that is 2–8, so a photo stored in sensor orientation still shows
 * upright. Fill bytes (any run of 0xFF before a marker) are read as the standard allows, the scans of a progressive
 * JPEG are followed, and nothing after the end-of-image marker is kept: phones append a second picture there
 * (multi-picture, motion and depth photos), with EXIF and GPS of its own. A file whose markers cannot be followed is
 * cut where they stop. PNG: only the image's own chunks are kept (PNG_KEEP), and nothing after IEND; the first eXIf
 * before the image data gives way to one holding only its Orientation, as for JPEG. WebP: the EXIF and XMP chunks go
 * and VP8X stops announcing them. Pixel data is copied unchanged.
 */
export function stripImageMetadata(mime: string, bytes: Uint8Array): Uint8Array {
  if (mime === 'image/jpeg') return stripJpegMetadata(bytes);
  if (mime === 'image/png') return stripPngMetadata(bytes);
  if (mime === 'image/webp') return stripWebpMetadata(bytes);
  return bytes;
}

const ascii = (b: Uint8Array, at: number, text: string) => [...text].every((ch, k) => b[at + k] === ch.charCodeAt(0));

/** An APPn or COM segment (payload at `at`) that is kept: JFIF/JFXX, an ICC profile, Adobe's colour transform. */
function keepMetadataSegment(marker: number, b: Uint8Array, at: number): boolean {
  if (marker === 0xe0) return ascii(b, at, 'JFIF\0') || ascii(b, at, 'JFXX\0');
  if (marker === 0xe2) return ascii(b, at, 'ICC_PROFILE\0');
  if (marker === 0xee) return ascii(b, at, 'Adobe');
  return false;
}

const isMetadata = (marker: number) => (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
/** Markers that stand alone, with no length: TEM and the restart markers inside scans. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** The end of the entropy-coded data that starts at `i`: the index of the next real marker's first 0xFF. */
function scanEnd(b: Uint8Array, i: number): number {
  for (let k = i; k + 1 < b.length; k += 1) {
    if (b[k] !== 0xff) continue;
    const next = b[k + 1]!;
    // 0xFF00 is a stuffed data byte, restart markers belong to the scan, 0xFFFF is fill before a marker.
    if (next === 0x00 || standalone(next) || next === 0xff) continue;
    return k;
  }
  return b.length;
}

export function stripJpegMetadata(b: Uint8Array): Uint8Array {
  if (b[0] !== 0xff || b[1] !== 0xd8) return b;
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  let exifSeen = false;
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) break; // not a marker where one must be: nothing past here can be checked
    while (i + 1 < b.length && b[i + 1] === 0xff) i += 1; // fill bytes
    const marker = b[i + 1];
    if (marker === undefined) break;
    if (marker === 0xd9) {
      parts.push(b.subarray(i, i + 2)); // EOI: what a phone appends after it is another image's, never kept
      break;
    }
    if (standalone(marker)) {
      parts.push(b.subarray(i, i + 2));
      i += 2;
      continue;
    }
    if (i + 4 > b.length) break;
    const len = (b[i + 2]! << 8) | b[i + 3]!;
    const end = i + 2 + len;
    if (len < 2 || end > b.length) break;
    if (!isMetadata(marker) || keepMetadataSegment(marker, b, i + 4)) parts.push(b.subarray(i, end));
    else if (marker === 0xe1 && !exifSeen) {
      const orientation = jpegExifOrientation(b.subarray(i + 4, end));
      if (orientation !== null) parts.push(orientationApp1(orientation));
      exifSeen = ascii(b, i + 4, 'Exif\0\0');
    }
    i = end;
    if (marker === 0xda) {
      exifSeen = true; // EXIF after the image data starts is not read by viewers, so none of it is kept
      const stop = scanEnd(b, i);
      parts.push(b.subarray(i, stop));
      i = stop;
    }
  }
  return concat(parts);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/**
 * The chunks a served PNG keeps: the image and how to colour it (and an animation's frames). Everything else goes,
 * named or not: eXIf and its older spelling exIf, text, time, and any private chunk a tool may hide a location in
 * (an allow list, so a chunk name nobody listed is never a way round).
 */
const PNG_KEEP = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
  'hIST',
  'acTL',
  'fcTL',
  'fdAT',
]);

export function stripPngMetadata(b: Uint8Array): Uint8Array {
  if (!PNG_SIGNATURE.every((x, k) => b[k] === x)) return b;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  let i = 8;
  let exifSeen = false;
  // A chunk that runs past the end cannot be read, so what follows it cannot be checked: it is cut off.
  while (i + 12 <= b.length) {
    const len = dv.getUint32(i);
    const end = i + 12 + len;
    if (end > b.length) break;
    const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
    if (PNG_KEEP.has(type)) parts.push(b.subarray(i, end));
    else if (type === 'eXIf' && !exifSeen) {
      const orientation = tiffOrientation(b.subarray(i + 8, end - 4));
      if (orientation !== null) parts.push(orientationPngChunk(orientation));
    }
    if (type === 'eXIf' || type === 'IDAT') exifSeen = true; // viewers read only the first eXIf, before the image data
    i = end;
    if (type === 'IEND') break; // nothing after the end of the image is kept
  }
  return concat(parts);
}

const WEBP_DROP = new Set(['EXIF', 'XMP ']);
/** VP8X flags: bit 3 says an EXIF chunk follows, bit 2 an XMP chunk. */
const VP8X_METADATA_FLAGS = 0b0000_1100;

export function stripWebpMetadata(b: Uint8Array): Uint8Array {
  if (!ascii(b, 0, 'RIFF') || !ascii(b, 8, 'WEBP')) return b;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const parts: Uint8Array[] = [];
  let i = 12;
  while (i + 8 <= b.length) {
    const type = String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);
    const len = dv.getUint32(i + 4, true);
    const end = i + 8 + len + (len % 2);
    if (end > b.length) break;
    if (type === 'VP8X') {
      const chunk = b.slice(i, end);
      chunk[8] = chunk[8]! & ~VP8X_METADATA_FLAGS;
      parts.push(chunk);
    } else if (!WEBP_DROP.has(type)) parts.push(b.subarray(i, end));
    i = end;
  }
  const body = concat(parts);
  const out = new Uint8Array(12 + body.length);
  out.set(b.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, 4 + body.length, true);
  out.set(body, 12);
  return out;
}
