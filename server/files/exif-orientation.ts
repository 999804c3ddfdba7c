/**
 * The one EXIF tag a served image keeps: Orientation. A photo whose pixels are still in the sensor's orientation
 * (a small picked JPEG is stored as the phone wrote it) is turned upright by viewers only through this tag, so
 * dropping it with the rest of the EXIF would show the photo rotated or mirrored. Nothing else of the block is copied:
 * the minimal block is built anew from the value alone, so no GPS, device or time can ride along.
 */

/** Orientation (0x0112) from IFD0 of a TIFF block: 2–8 when the image must be turned, otherwise null (1 is upright). */
export function tiffOrientation(t: Uint8Array): number | null {
  if (t.length < 8) return null;
  const le = t[0] === 0x49 && t[1] === 0x49;
  if (!le && !(t[0] === 0x4d && t[1] === 0x4d)) return null;
  const dv = new DataView(t.buffer, t.byteOffset, t.byteLength);
  if (dv.getUint16(2, le) !== 42) return null;
  const ifd = dv.getUint32(4, le);
  if (ifd + 2 > t.length) return null;
  const count = dv.getUint16(ifd, le);
  for (let k = 0; k < count; k += 1) {
    const at = ifd + 2 + k * 12;
    if (at + 12 > t.length) return null;
    if (dv.getUint16(at, le) !== 0x0112) continue;
    // SHORT, one value, held in the entry itself; anything else is not an orientation a viewer would apply.
    if (dv.getUint16(at + 2, le) !== 3 || dv.getUint32(at + 4, le) !== 1) return null;
    const value = dv.getUint16(at + 8, le);
    return value >= 2 && value <= 8 ? value : null;
  }
  return null;
}

/** A little-endian TIFF block whose IFD0 holds only Orientation, and no further IFD (no EXIF, GPS or thumbnail IFD). */
export function orientationOnlyTiff(value: number): Uint8Array {
  const t = new Uint8Array(26);
  const dv = new DataView(t.buffer);
  t.set([0x49, 0x49]);
  dv.setUint16(2, 42, true);
  dv.setUint32(4, 8, true);
  dv.setUint16(8, 1, true);
  dv.setUint16(10, 0x0112, true);
  dv.setUint16(12, 3, true);
  dv.setUint32(14, 1, true);
  dv.setUint16(18, value, true);
  return t; // the next-IFD offset (bytes 22–25) stays 0
}

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0]; // 'Exif\0\0'

/** Orientation of a JPEG APP1 payload that starts with 'Exif\0\0', or null when it is not EXIF or holds none. */
export function jpegExifOrientation(payload: Uint8Array): number | null {
  if (!EXIF_HEADER.every((x, k) => payload[k] === x)) return null;
  return tiffOrientation(payload.subarray(EXIF_HEADER.length));
}

/** A whole APP1 segment (marker, length, 'Exif\0\0', TIFF) carrying only Orientation. */
export function orientationApp1(value: number): Uint8Array {
  const tiff = orientationOnlyTiff(value);
  const len = 2 + EXIF_HEADER.length + tiff.length;
  const out = new Uint8Array(2 + len);
  out.set([0xff, 0xe1, len >> 8, len & 0xff, ...EXIF_HEADER]);
  out.set(tiff, 4 + EXIF_HEADER.length);
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Uint8Array): number {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A whole PNG eXIf chunk (length, type, TIFF, CRC) carrying only Orientation. */
export function orientationPngChunk(value: number): Uint8Array {
  const tiff = orientationOnlyTiff(value);
  const out = new Uint8Array(12 + tiff.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, tiff.length);
  out.set([0x65, 0x58, 0x49, 0x66], 4); // 'eXIf'
  out.set(tiff, 8);
  dv.setUint32(8 + tiff.length, crc32(out.subarray(4, 8 + tiff.length)));
  return out;
}
