// Remembers which stored ciphertext a decrypted Blob came from, so writing the row back unchanged (an upload
// progress update, a state change) reuses it instead of encrypting megabytes again. Blobs are immutable, so the same
// Blob object under the same key, table, field and row has the same ciphertext; entries die with the Blob or key.
import type { SealedBlob } from '../lib/crypto/blob-cipher';
import type { StoredValueRef } from '../lib/crypto/errors';

const memo = new WeakMap<CryptoKey, WeakMap<Blob, { where: string; sealed: SealedBlob }>>();
const whereOf = (ref: StoredValueRef) => JSON.stringify([ref.table, ref.field, ref.key]);

export function rememberSealedBlob(key: CryptoKey, plain: Blob, ref: StoredValueRef, sealed: SealedBlob): void {
  const byBlob = memo.get(key) ?? new WeakMap();
  memo.set(key, byBlob);
  byBlob.set(plain, { where: whereOf(ref), sealed });
}

export function sealedBlobFor(key: CryptoKey, plain: Blob, ref: StoredValueRef): SealedBlob | undefined {
  const hit = memo.get(key)?.get(plain);
  return hit && hit.where === whereOf(ref) ? hit.sealed : undefined;
}
