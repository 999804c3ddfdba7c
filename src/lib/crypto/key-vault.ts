// The officer's data key, stored wrapped by the PIN key. Only this record is kept; the usable key lives in memory.
//
// The data key is generated extractable only so it can be wrapped, and is at once unwrapped again as a
// non-extractable key: page script can use it but never read its bytes. The check value is the PIN key's AES-KW
// wrap of a fixed all-zero key, so a wrong PIN is told apart from a damaged record before any data is touched.
import { exactBytes, randomBytes, sameBytes } from './bytes';
import { TamperedDataError, WrongPinError } from './errors';
import { assertPin, derivePinKey, PBKDF2_ITERATIONS, PIN_SALT_BYTES } from './pin-key';

export type KeyVault = {
  v: 1;
  kdf: 'PBKDF2-SHA-256';
  iterations: number;
  salt: Uint8Array;
  /** AES-KW(PIN key, data key): 40 bytes. */
  wrappedKey: Uint8Array;
  /** AES-KW(PIN key, 32 zero bytes): 40 bytes. */
  check: Uint8Array;
  /**
   * AES-KW(recovery key, data key), the recovery key being the officer's server-held secret ('Forgot PIN'):
   * after an OTP sign-in the server hands the secret out and a new PIN is set with nothing lost.
   */
  recovery?: Uint8Array;
};

const recoveryKeyOf = (secret: Uint8Array) => crypto.subtle.importKey('raw', exactBytes(secret), 'AES-KW', false, ['wrapKey', 'unwrapKey']);

async function withRecovery(vault: KeyVault, exportable: CryptoKey, secret: Uint8Array | undefined): Promise<KeyVault> {
  if (!secret) return vault;
  return { ...vault, recovery: new Uint8Array(await crypto.subtle.wrapKey('raw', exportable, await recoveryKeyOf(secret), 'AES-KW')) };
}

const DATA_KEY_ALGORITHM = { name: 'AES-GCM', length: 256 } as const;
const VAULT_REF = { table: 'vault', field: 'wrappedKey', key: 'data-key' };

async function checkValue(pinKey: CryptoKey): Promise<Uint8Array<ArrayBuffer>> {
  const zero = await crypto.subtle.importKey('raw', new Uint8Array(32), DATA_KEY_ALGORITHM, true, ['encrypt']);
  return new Uint8Array(await crypto.subtle.wrapKey('raw', zero, pinKey, 'AES-KW'));
}

async function sealUnder(pin: string, dataKey: CryptoKey, iterations: number): Promise<{ vault: KeyVault; pinKey: CryptoKey }> {
  const salt = randomBytes(PIN_SALT_BYTES);
  const pinKey = await derivePinKey(pin, salt, iterations);
  const wrappedKey = new Uint8Array(await crypto.subtle.wrapKey('raw', dataKey, pinKey, 'AES-KW'));
  return { vault: { v: 1, kdf: 'PBKDF2-SHA-256', iterations, salt, wrappedKey, check: await checkValue(pinKey) }, pinKey };
}

function assertVaultShape(vault: KeyVault): void {
  const ok =
    vault?.v === 1 &&
    vault.kdf === 'PBKDF2-SHA-256' &&
    Number.isSafeInteger(vault.iterations) &&
    vault.iterations > 0 &&
    vault.salt instanceof Uint8Array &&
    vault.salt.length === PIN_SALT_BYTES &&
    vault.wrappedKey instanceof Uint8Array &&
    vault.wrappedKey.length === 40 &&
    vault.check instanceof Uint8Array &&
    vault.check.length === 40;
  if (!ok) throw new TamperedDataError(VAULT_REF, 'not a key vault record');
}

async function openWith(pinKey: CryptoKey, vault: KeyVault, extractable: boolean): Promise<CryptoKey> {
  try {
    return await crypto.subtle.unwrapKey('raw', exactBytes(vault.wrappedKey), pinKey, 'AES-KW', DATA_KEY_ALGORITHM, extractable, [
      'encrypt',
      'decrypt',
    ]);
  } catch (err) {
    throw new TamperedDataError(VAULT_REF, 'the PIN is right but the wrapped key does not open', err);
  }
}

async function unwrap(vault: KeyVault, pin: string, extractable: boolean): Promise<CryptoKey> {
  assertPin(pin);
  assertVaultShape(vault);
  const pinKey = await derivePinKey(pin, exactBytes(vault.salt), vault.iterations);
  if (!sameBytes(await checkValue(pinKey), vault.check)) throw new WrongPinError();
  return openWith(pinKey, vault, extractable);
}

/** First PIN set-up: a new random data key for this officer. Keep `vault` (it holds no secret in clear), use `key`. */
export async function createKeyVault(
  pin: string,
  opts: { iterations?: number; recoverySecret?: Uint8Array } = {},
): Promise<{ vault: KeyVault; key: CryptoKey }> {
  assertPin(pin);
  const exportable = await crypto.subtle.generateKey(DATA_KEY_ALGORITHM, true, ['encrypt', 'decrypt']);
  const { vault, pinKey } = await sealUnder(pin, exportable, opts.iterations ?? PBKDF2_ITERATIONS);
  return { vault: await withRecovery(vault, exportable, opts.recoverySecret), key: await openWith(pinKey, vault, false) };
}

/**
 * Forgot PIN: the same data key, opened with the officer's recovery secret, wrapped under a new PIN (nothing stored is
 * re-encrypted, nothing is lost). A vault without recovery, or a wrong secret, is a TamperedDataError.
 */
export async function recoverKeyVault(
  vault: KeyVault,
  recoverySecret: Uint8Array,
  newPin: string,
  opts: { iterations?: number } = {},
): Promise<{ vault: KeyVault; key: CryptoKey }> {
  assertPin(newPin);
  assertVaultShape(vault);
  if (!(vault.recovery instanceof Uint8Array)) throw new TamperedDataError(VAULT_REF, 'this vault has no recovery copy');
  let exportable: CryptoKey;
  try {
    exportable = await crypto.subtle.unwrapKey(
      'raw',
      exactBytes(vault.recovery),
      await recoveryKeyOf(recoverySecret),
      'AES-KW',
      DATA_KEY_ALGORITHM,
      true,
      ['encrypt', 'decrypt'],
    );
  } catch (err) {
    throw new TamperedDataError(VAULT_REF, 'the recovery secret does not open this vault', err);
  }
  const { vault: sealed, pinKey } = await sealUnder(newPin, exportable, opts.iterations ?? PBKDF2_ITERATIONS);
  return { vault: await withRecovery(sealed, exportable, recoverySecret), key: await openWith(pinKey, sealed, false) };
}

/** Unlock: the non-extractable data key, WrongPinError for a wrong PIN, TamperedDataError for a damaged record. */
export const unlockKeyVault = (vault: KeyVault, pin: string): Promise<CryptoKey> => unwrap(vault, pin, false);

/** PIN change: the same data key (nothing stored is re-encrypted) wrapped under the new PIN with a fresh salt. */
export async function changeVaultPin(
  vault: KeyVault,
  oldPin: string,
  newPin: string,
  opts: { iterations?: number } = {},
): Promise<KeyVault> {
  assertPin(newPin);
  const exportable = await unwrap(vault, oldPin, true);
  const sealed = (await sealUnder(newPin, exportable, opts.iterations ?? PBKDF2_ITERATIONS)).vault;
  return vault.recovery ? { ...sealed, recovery: vault.recovery } : sealed;
}
