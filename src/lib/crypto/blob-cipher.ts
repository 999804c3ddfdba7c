// A Blob ⇄ a Blob of AES-GCM chunks. Each chunk (256 KiB by default) has its own IV and authenticates its index,
// the chunk count, the type and the size, so chunks cannot be reordered, dropped or swapped between files, and a
// 10 MB photo is read and written one chunk at a time instead of as one buffer beside its copy.
import { associatedData } from './associated-data';
import { randomBytes } from './bytes';
import { type StoredValueRef, TamperedDataError } from './errors';
import { IV_BYTES, TAG_BYTES } from './value-cipher';

export const BLOB_CHUNK_BYTES = 256 * 1024;
const FRAME_OVERHEAD = IV_BYTES + TAG_BYTES;

export type SealedBlob = {
  v: 1;
  /** The plaintext's MIME type and byte length. */
  type: string;
  size: number;
  chunkSize: number;
  chunks: number;
  /** chunks × (12-byte IV ‖ ciphertext ‖ 16-byte tag). */
  data: Blob;
};

export const isSealedBlob = (x: unknown): x is SealedBlob =>
  !!x &&
  typeof x === 'object' &&
  (x as SealedBlob).v === 1 &&
  typeof (x as SealedBlob).type === 'string' &&
  Number.isSafeInteger((x as SealedBlob).size) &&
  Number.isSafeInteger((x as SealedBlob).chunkSize) &&
  Number.isSafeInteger((x as SealedBlob).chunks) &&
  (x as SealedBlob).data instanceof Blob;

/** An empty blob is still one (empty) authenticated chunk, so it cannot be faked by dropping data. */
const chunkCount = (size: number, chunkSize: number) => Math.max(1, Math.ceil(size / chunkSize));

const chunkData = (ref: StoredValueRef, index: number, sealed: Pick<SealedBlob, 'chunks' | 'type' | 'size'>) =>
  associatedData(ref, 'chunk', index, sealed.chunks, sealed.type, sealed.size);

export async function encryptBlob(key: CryptoKey, blob: Blob, ref: StoredValueRef, chunkSize = BLOB_CHUNK_BYTES): Promise<SealedBlob> {
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1) throw new TypeError('chunkSize must be a positive integer');
  const meta = { type: blob.type, size: blob.size, chunks: chunkCount(blob.size, chunkSize) };
  const frames: Blob[] = [];
  for (let i = 0; i < meta.chunks; i += 1) {
    const plain = await blob.slice(i * chunkSize, (i + 1) * chunkSize).arrayBuffer();
    const iv = randomBytes(IV_BYTES);
    const ct = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: chunkData(ref, i, meta) }, key, plain);
    // A Blob per frame lets the browser move each chunk into blob storage as soon as it is made.
    frames.push(new Blob([iv, ct]));
  }
  return { v: 1, ...meta, chunkSize, data: new Blob(frames, { type: 'application/octet-stream' }) };
}

/** The original Blob, or TamperedDataError naming `ref` (and the chunk) when any byte or the layout was changed. */
export async function decryptBlob(key: CryptoKey, stored: unknown, ref: StoredValueRef): Promise<Blob> {
  if (!isSealedBlob(stored)) throw new TamperedDataError(ref, 'not an encrypted blob');
  const { chunkSize, chunks, size } = stored;
  const layoutOk = chunkSize > 0 && chunks === chunkCount(size, chunkSize) && stored.data.size === size + chunks * FRAME_OVERHEAD;
  if (!layoutOk) throw new TamperedDataError(ref, 'chunk layout does not match its size');
  const parts: Blob[] = [];
  const frameSize = chunkSize + FRAME_OVERHEAD;
  for (let i = 0; i < chunks; i += 1) {
    const frame = new Uint8Array(await stored.data.slice(i * frameSize, (i + 1) * frameSize).arrayBuffer());
    try {
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: frame.subarray(0, IV_BYTES), additionalData: chunkData(ref, i, stored) },
        key,
        frame.subarray(IV_BYTES),
      );
      parts.push(new Blob([plain]));
    } catch (err) {
      throw new TamperedDataError(ref, `chunk ${i + 1} of ${chunks} failed authentication`, err);
    }
  }
  return new Blob(parts, { type: stored.type });
}
