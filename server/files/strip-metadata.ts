import { concat } from '../storage/file-store';

/**
 * Image bytes as served: without the metadata that can locate or identify the person who took the
 * photo (GPS, device, owner, comments). The geotag the app sent stays in the database.
 *
 * JPEG: APP1 (EXIF, XMP), APP12, APP13 (IPTC / Photoshop) and COM segments are removed; JFIF, ICC
 * (APP2) and Adobe (APP14) stay, so colours do not change. PNG: eXIf, tEXt, zTXt, iTXt and tIME chunks
 * are removed. Pixel data is copied unchanged.
 */
export function stripImageMetadata(mime: string, bytes: Uint8Array): Uint8Array {
  if (mime === 'image/jpeg') return stripJpegMetadata(bytes);
  if (mime === 'image/png') return stripPngMetadata(bytes);
  return bytes;
}

const JPEG_DROP = new Set([0xe1, 0xec, 0xed, 0xfe]);

export function stripJpegMetadata(b: Uint8Array): Uint8Array {
  if (b[0] !== 0xff || b[1] !== 0xd8) return b;
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= b.length && b[i] === 0xff) {
    const marker = b[i + 1]!;
    if (marker === 0xda || marker === 0xd9) break;
    const len = (b[i + 2]! << 8) | b[i + 3]!;
    const end = i + 2 + len;
    if (len < 2 || end > b.length) break;
    if (!JPEG_DROP.has(marker)) parts.push(b.subarray(i, end));
    i = end;
  }
  parts.push(b.subarray(i));
  return concat(parts);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_DROP = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

export function stripPngMetadata(b: Uint8Array): Uint8Array {
  if (!PNG_SIGNATURE.every((x, k) => b[k] === x)) return b;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  let i = 8;
  // A chunk that runs past the end cannot be read, so what follows it cannot be checked: it is cut off.
  while (i + 12 <= b.length) {
    const len = dv.getUint32(i);
    const end = i + 12 + len;
    if (end > b.length) break;
    const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
    if (!PNG_DROP.has(type)) parts.push(b.subarray(i, end));
    i = end;
    if (type === 'IEND') break;
  }
  return concat(parts);
}
