// The server's own dHash of a stored visit photo, so a reused photo is found whatever hash the phone sent.
// JPEG only (what the phone stores after its resize pass; a PNG keeps the phone's hash); decoding a 1600×1200 photo
// takes ~130 ms here (bench/README.md "Reused-photo hash"), bounded to 4 MP and 64 MB so a crafted file cannot cost more.
import jpeg from 'jpeg-js';
import { dHashFromRgba } from '../../contracts/photo-hash';

export const SERVER_HASH_MAX_MP = 4;

export function serverPhotoHash(bytes: Uint8Array, mime: string): string | null {
  if (mime !== 'image/jpeg') return null;
  try {
    const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: SERVER_HASH_MAX_MP, maxMemoryUsageInMB: 64 });
    return dHashFromRgba(img.data, img.width, img.height);
  } catch {
    return null;
  }
}
