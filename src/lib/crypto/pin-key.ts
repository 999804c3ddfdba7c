// The officer's PIN becomes a key-wrapping key: PBKDF2-SHA-256 over a per-user random salt, non-extractable AES-KW.
import { utf8 } from './bytes';
import { InvalidPinError } from './errors';

/** OWASP's 2023 floor for PBKDF2-HMAC-SHA-256. A 6-digit PIN is still only 10^6 guesses: see docs/security.md. */
export const PBKDF2_ITERATIONS = 600_000;
export const PIN_SALT_BYTES = 16;
export const PIN_LENGTH = 6;

const PIN_PATTERN = /^[0-9]{6}$/;

export const isValidPin = (pin: string) => PIN_PATTERN.test(pin);

export function assertPin(pin: string): void {
  if (!isValidPin(pin)) throw new InvalidPinError();
}

/**
 * Derives the wrapping key. `iterations` exists for tests and for vaults written with another count; production
 * vaults are written with PBKDF2_ITERATIONS (see createKeyVault).
 */
export async function derivePinKey(pin: string, salt: Uint8Array<ArrayBuffer>, iterations = PBKDF2_ITERATIONS): Promise<CryptoKey> {
  assertPin(pin);
  if (salt.length !== PIN_SALT_BYTES) throw new TypeError(`The PIN salt must be ${PIN_SALT_BYTES} bytes`);
  if (!Number.isSafeInteger(iterations) || iterations < 1) throw new TypeError('PBKDF2 iterations must be a positive integer');
  const material = await crypto.subtle.importKey('raw', utf8(pin), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, { name: 'AES-KW', length: 256 }, false, [
    'wrapKey',
    'unwrapKey',
  ]);
}
