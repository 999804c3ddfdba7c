// Downscale photos before they are stored: longest side 1600 px, JPEG 0.8. PDFs and small images are kept as they are.
// The same pass computes the photo's 64-bit dHash (reused-photo detection) from the decoded picture.
import { dHashFromRgba } from '../../contracts/photo-hash';

export const MAX_SIDE = 1600;
export const JPEG_QUALITY = 0.8;
/** Below this an image that already fits is not re-encoded. */
export const SMALL_IMAGE_BYTES = 300 * 1024;

export type ResizeRequest = { blob: Blob; maxSide: number; quality: number };
export type Resized = { blob: Blob; resized: boolean; hash: string | null };
export type ResizeReply = ({ ok: true } & Resized) | { ok: false; error: string };

/** The browser scales to this grid first (fast, smoothed); the hash averages it down to 9×8. */
const HASH_W = 72;
const HASH_H = 64;

type DrawContext = {
  drawImage(img: CanvasImageSource, x: number, y: number, w: number, h: number): void;
  getImageData(x: number, y: number, w: number, h: number): ImageData;
};
function hashOf(ctx: DrawContext | null, img: CanvasImageSource): string | null {
  if (!ctx) return null;
  ctx.drawImage(img, 0, 0, HASH_W, HASH_H);
  return dHashFromRgba(ctx.getImageData(0, 0, HASH_W, HASH_H).data, HASH_W, HASH_H);
}

/** Target size keeping the aspect ratio; unchanged when it already fits. */
export function fitWithin(width: number, height: number, maxSide = MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const isResizable = (mime: string) => mime === 'image/jpeg' || mime === 'image/png' || mime === 'image/webp';

/** Shared by the worker and the main-thread fallback. */
export async function resizeWithOffscreen(req: ResizeRequest): Promise<Resized> {
  // A re-encoded copy carries no EXIF, so the pixels must be turned upright here. Said explicitly: some browsers once
  // ignored the EXIF Orientation by default; one that refuses the option throws, and the main-thread path (an <img>,
  // which always applies it) takes over.
  const bitmap = await createImageBitmap(req.blob, { imageOrientation: 'from-image' });
  try {
    const hash = hashOf(new OffscreenCanvas(HASH_W, HASH_H).getContext('2d', { willReadFrequently: true }), bitmap);
    const size = fitWithin(bitmap.width, bitmap.height, req.maxSide);
    if (size.width === bitmap.width && req.blob.size <= SMALL_IMAGE_BYTES) return { blob: req.blob, resized: false, hash };
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    return { blob: await canvas.convertToBlob({ type: 'image/jpeg', quality: req.quality }), resized: true, hash };
  } finally {
    bitmap.close();
  }
}

async function resizeOnMainThread(req: ResizeRequest): Promise<Resized> {
  const url = URL.createObjectURL(req.blob);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const small = document.createElement('canvas');
    small.width = HASH_W;
    small.height = HASH_H;
    const hash = hashOf(small.getContext('2d', { willReadFrequently: true }), img);
    const size = fitWithin(img.naturalWidth, img.naturalHeight, req.maxSide);
    if (size.width === img.naturalWidth && req.blob.size <= SMALL_IMAGE_BYTES) return { blob: req.blob, resized: false, hash };
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')?.drawImage(img, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', req.quality));
    if (!blob) throw new Error('canvas.toBlob failed');
    return { blob, resized: true, hash };
  } finally {
    URL.revokeObjectURL(url);
  }
}

function resizeInWorker(req: ResizeRequest): Promise<Resized> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./image-resize.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<ResizeReply>) => {
      worker.terminate();
      if (e.data.ok) resolve({ blob: e.data.blob, resized: e.data.resized, hash: e.data.hash });
      else reject(new Error(e.data.error));
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'resize worker failed'));
    };
    worker.postMessage(req);
  });
}

const canUseWorker = () =>
  typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap === 'function';

/**
 * The image to store and upload. Returns the input when it is a PDF, not an image we re-encode,
 * or already small; a resized copy (JPEG) otherwise. On any failure the original is kept.
 */
export async function resizeAndHash(
  file: Blob,
  opts: { maxSide?: number; quality?: number } = {},
): Promise<{ blob: Blob; hash: string | null }> {
  if (!isResizable(file.type)) return { blob: file, hash: null };
  const req: ResizeRequest = { blob: file, maxSide: opts.maxSide ?? MAX_SIDE, quality: opts.quality ?? JPEG_QUALITY };
  try {
    // A worker that cannot start (its script not cached yet, offline) must not cost the photo its hash.
    const out = canUseWorker() ? await resizeInWorker(req).catch(() => resizeOnMainThread(req)) : await resizeOnMainThread(req);
    return { blob: out.resized && out.blob.size < file.size ? out.blob : file, hash: out.hash };
  } catch (err) {
    console.warn('image not resized, keeping the original', err);
    return { blob: file, hash: null };
  }
}

export const resizeImage = async (file: Blob, opts: { maxSide?: number; quality?: number } = {}): Promise<Blob> =>
  (await resizeAndHash(file, opts)).blob;

/** `photo.png` → `photo.jpg` when the bytes became JPEG. */
export const renameForJpeg = (name: string, blob: Blob) =>
  blob.type === 'image/jpeg' ? name.replace(/\.(png|webp|jpeg)$/i, '.jpg') : name;
