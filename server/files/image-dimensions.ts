export type Dimensions = { width: number; height: number };

/** PNG: IHDR is the first chunk; width and height are big-endian at bytes 16 and 20. */
export function pngDimensions(b: Uint8Array): Dimensions | null {
  if (b.length < 24) return null;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) !== 'IHDR') return null;
  return { width: dv.getUint32(16), height: dv.getUint32(20) };
}

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** JPEG: walk the marker segments to the first SOFn frame header (height at +5, width at +7). */
export function jpegDimensions(b: Uint8Array): Dimensions | null {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const len = (b[i + 2]! << 8) | b[i + 3]!;
    if (len < 2) return null;
    if (SOF.has(marker)) {
      if (i + 9 > b.length) return null;
      return { height: (b[i + 5]! << 8) | b[i + 6]!, width: (b[i + 7]! << 8) | b[i + 8]! };
    }
    i += 2 + len;
  }
  return null;
}
