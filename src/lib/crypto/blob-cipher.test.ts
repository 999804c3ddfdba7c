// @vitest-environment node
// Node's own Blob (this file's environment) is what fake-indexeddb can store; the happy-dom Blob is not cloneable.
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOB_CHUNK_BYTES, decryptBlob, encryptBlob, type SealedBlob } from './blob-cipher';
import { TamperedDataError } from './errors';

let key: CryptoKey;
beforeAll(async () => {
  key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
});

const REF = { table: 'files', field: 'blob', key: 'photo-1' };
const FRAME = 12 + 16;

function pattern(size: number, seed = 7): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + seed) % 251;
  return bytes;
}
const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

async function rebuilt(sealed: SealedBlob, change: (bytes: Uint8Array) => Uint8Array, meta: Partial<SealedBlob> = {}): Promise<SealedBlob> {
  const bytes = change(await bytesOf(sealed.data));
  return { ...sealed, ...meta, data: new Blob([new Uint8Array(bytes)]) };
}

const tampered = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TamperedDataError);
  expect(err).toMatchObject({ table: 'files', field: 'blob', key: 'photo-1' });
  return err as TamperedDataError;
};

describe('blob encryption', () => {
  it('encrypts in 256 KiB chunks by default', () => {
    expect(BLOB_CHUNK_BYTES).toBe(256 * 1024);
  });

  it.each([
    ['empty', 0, 1],
    ['one byte', 1, 1],
    ['exactly one chunk', BLOB_CHUNK_BYTES, 1],
    ['one chunk and a byte', BLOB_CHUNK_BYTES + 1, 2],
    ['a 1.1 MB photo', 1_100_000, 5],
  ])('round-trips %s (%i bytes, %i chunks) with its type', async (_label, size, chunks) => {
    const plain = pattern(size);
    const sealed = await encryptBlob(key, new Blob([plain], { type: 'image/jpeg' }), REF);
    expect(sealed).toMatchObject({ v: 1, type: 'image/jpeg', size, chunkSize: BLOB_CHUNK_BYTES, chunks });
    expect(sealed.data.size).toBe(size + chunks * FRAME);
    const back = await decryptBlob(key, sealed, REF);
    expect(back.type).toBe('image/jpeg');
    expect(Buffer.from(await bytesOf(back)).equals(Buffer.from(plain))).toBe(true);
  });

  it('keeps no plaintext and uses a fresh IV per chunk', async () => {
    const text = 'PAN ABCDE1234F RAMESH KUMAR '.repeat(2000);
    const sealed = await encryptBlob(key, new Blob([text], { type: 'application/pdf' }), REF, 4096);
    const raw = Buffer.from(await bytesOf(sealed.data));
    expect(raw.toString('latin1')).not.toContain('ABCDE1234F');
    const ivs = new Set(
      Array.from({ length: sealed.chunks }, (_, i) => raw.subarray(i * (4096 + FRAME), i * (4096 + FRAME) + 12).toString('hex')),
    );
    expect(ivs.size).toBe(sealed.chunks);
  });

  it('one flipped byte in a middle chunk is a TamperedDataError naming the row and the chunk', async () => {
    const sealed = await encryptBlob(key, new Blob([pattern(10_000)]), REF, 4096);
    const at = 4096 + FRAME + 100;
    const err = await tampered(
      decryptBlob(
        key,
        await rebuilt(sealed, (b) => {
          b[at]! ^= 0x01;
          return b;
        }),
        REF,
      ),
    );
    expect(err.message).toMatch(/chunk 2 of 3/);
    expect(err.message).toContain('photo-1');
  });

  it('swapped chunks, a dropped last chunk, a changed type or size are all refused', async () => {
    const size = 3 * 4096;
    const sealed = await encryptBlob(key, new Blob([pattern(size)], { type: 'image/jpeg' }), REF, 4096);
    const frame = 4096 + FRAME;
    const swapped = await rebuilt(
      sealed,
      (b) => new Uint8Array([...b.subarray(frame, 2 * frame), ...b.subarray(0, frame), ...b.subarray(2 * frame)]),
    );
    await tampered(decryptBlob(key, swapped, REF));
    const dropped = await rebuilt(sealed, (b) => b.subarray(0, 2 * frame), { size: 2 * 4096, chunks: 2 });
    await tampered(decryptBlob(key, dropped, REF));
    await tampered(decryptBlob(key, { ...sealed, type: 'application/pdf' }, REF));
    await tampered(decryptBlob(key, { ...sealed, size: size - 1 }, REF));
  });

  it('a blob moved to another file row does not open', async () => {
    const sealed = await encryptBlob(key, new Blob([pattern(100)]), REF);
    const err = await decryptBlob(key, sealed, { ...REF, key: 'photo-2' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TamperedDataError);
    expect(err).toMatchObject({ key: 'photo-2' });
  });

  it('a plain Blob where a sealed one belongs is refused', async () => {
    await tampered(decryptBlob(key, new Blob(['ABCDE1234F']), REF));
  });
});
