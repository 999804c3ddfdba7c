// One JSON value ⇄ { v: 1, iv, ct }: AES-GCM-256 with a fresh 12-byte IV per write, bound to where it is stored.
import { associatedData } from './associated-data';
import { exactBytes, fromUtf8, randomBytes, utf8 } from './bytes';
import { type StoredValueRef, TamperedDataError } from './errors';

export type SealedValue = { v: 1; iv: Uint8Array; ct: Uint8Array };

export const IV_BYTES = 12;
/** AES-GCM's 128-bit tag, appended to every ciphertext. */
export const TAG_BYTES = 16;

export const isSealedValue = (x: unknown): x is SealedValue =>
  !!x &&
  typeof x === 'object' &&
  (x as SealedValue).v === 1 &&
  (x as SealedValue).iv instanceof Uint8Array &&
  (x as SealedValue).ct instanceof Uint8Array &&
  Object.keys(x).length === 3;

const isPlain = (x: object) => {
  const proto = Object.getPrototypeOf(x);
  return Array.isArray(x) || proto === Object.prototype || proto === null;
};

/** JSON text of `value`; a Date, Blob, Map or class instance is refused rather than silently changed on the way back. */
function toJson(value: unknown, ref: StoredValueRef): string {
  const text = JSON.stringify(value, function (this: Record<string, unknown>, name: string, converted: unknown) {
    const original = this[name];
    if (original !== null && typeof original === 'object' && !isPlain(original)) {
      throw new TypeError(
        `${ref.table}.${ref.field}: only JSON values can be stored encrypted (found ${original.constructor?.name ?? 'object'})`,
      );
    }
    return converted;
  });
  if (text === undefined) throw new TypeError(`${ref.table}.${ref.field}: undefined cannot be stored encrypted`);
  return text;
}

export async function encryptValue(key: CryptoKey, value: unknown, ref: StoredValueRef): Promise<SealedValue> {
  const iv = randomBytes(IV_BYTES);
  const ct = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: associatedData(ref) }, key, utf8(toJson(value, ref)));
  return { v: 1, iv, ct: new Uint8Array(ct) };
}

/** The stored value back, or TamperedDataError naming `ref` when it is not a sealed value or fails authentication. */
export async function decryptValue(key: CryptoKey, stored: unknown, ref: StoredValueRef): Promise<unknown> {
  if (!isSealedValue(stored)) throw new TamperedDataError(ref, 'not an encrypted value');
  if (stored.iv.length !== IV_BYTES || stored.ct.length < TAG_BYTES) throw new TamperedDataError(ref, 'malformed ciphertext');
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: exactBytes(stored.iv), additionalData: associatedData(ref) },
      key,
      exactBytes(stored.ct),
    );
  } catch (err) {
    throw new TamperedDataError(ref, 'authentication failed', err);
  }
  return JSON.parse(fromUtf8(plain));
}
