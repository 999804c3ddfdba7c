// Downscale photos before they are stored: longest side 1600 px, JPEG 0.8. PDFs and small images are kept as they are.
export const MAX_SIDE = 1600;
export const JPEG_QUALITY = 0.8;
/** Below this an image that already fits is not re-encoded. */
export const SMALL_IMAGE_BYTES = 300 * 1024;

export type ResizeRequest = { blob: Blob; maxSide: number; quality: number };
export type ResizeReply = { ok: true; blob: Blob; resized: boolean } | { ok: false; error: string };

/** Target size keeping the aspect ratio; unchanged when it already fits. */
export function fitWithin(width: number, height: number, maxSide = MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const isResizable = (mime: string) => mime === 'image/jpeg' || mime === 'image/png' || mime === 'image/webp';

/** Shared by the worker and the main-thread fallback. */
export async function resizeWithOffscreen(req: ResizeRequest): Promise<{ blob: Blob; resized: boolean }> {
  const bitmap = await createImageBitmap(req.blob);
  try {
    const size = fitWithin(bitmap.width, bitmap.height, req.maxSide);
    if (size.width === bitmap.width && req.blob.size <= SMALL_IMAGE_BYTES) return { blob: req.blob, resized: false };
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    return { blob: await canvas.convertToBlob({ type: 'image/jpeg', quality: req.quality }), resized: true };
  } finally {
    bitmap.close();
  }
}

async function resizeOnMainThread(req: ResizeRequest): Promise<{ blob: Blob; resized: boolean }> {
  const url = URL.createObjectURL(req.blob);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const size = fitWithin(img.naturalWidth, img.naturalHeight, req.maxSide);
    if (size.width === img.naturalWidth && req.blob.size <= SMALL_IMAGE_BYTES) return { blob: req.blob, resized: false };
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')?.drawImage(img, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', req.quality));
    if (!blob) throw new Error('canvas.toBlob failed');
    return { blob, resized: true };
  } finally {
    URL.revokeObjectURL(url);
  }
}

function resizeInWorker(req: ResizeRequest): Promise<{ blob: Blob; resized: boolean }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./image-resize.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<ResizeReply>) => {
      worker.terminate();
      if (e.data.ok) resolve({ blob: e.data.blob, resized: e.data.resized });
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
export async function resizeImage(file: Blob, opts: { maxSide?: number; quality?: number } = {}): Promise<Blob> {
  if (!isResizable(file.type)) return file;
  const req: ResizeRequest = { blob: file, maxSide: opts.maxSide ?? MAX_SIDE, quality: opts.quality ?? JPEG_QUALITY };
  try {
    const out = canUseWorker() ? await resizeInWorker(req) : await resizeOnMainThread(req);
    return out.resized && out.blob.size < file.size ? out.blob : file;
  } catch (err) {
    console.warn('image not resized, keeping the original', err);
    return file;
  }
}

/** `photo.png` → `photo.jpg` when the bytes became JPEG. */
export const renameForJpeg = (name: string, blob: Blob) => (blob.type === 'image/jpeg' ? name.replace(/\.(png|webp|jpeg)$/i, '.jpg') : name);
