// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { randomBytes } from './bytes';
import { InvalidPinError } from './errors';
import { derivePinKey, isValidPin, PBKDF2_ITERATIONS, PIN_SALT_BYTES } from './pin-key';

const FAST = 1_000;

describe('PIN key derivation', () => {
  it('uses at least 600 000 PBKDF2 iterations and a 16-byte salt', () => {
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    expect(PIN_SALT_BYTES).toBe(16);
  });

  it.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    [' 123456', false],
    ['123456\n', false],
    ['١٢٣٤٥٦', false], // only the ASCII digits a PIN pad types
    ['', false],
  ])('PIN %j valid: %s', (pin, valid) => {
    expect(isValidPin(pin)).toBe(valid);
  });

  it('refuses an invalid PIN before deriving anything', async () => {
    await expect(derivePinKey('12345', randomBytes(16), FAST)).rejects.toBeInstanceOf(InvalidPinError);
  });

  it('refuses a salt that is not 16 bytes', async () => {
    await expect(derivePinKey('123456', randomBytes(8), FAST)).rejects.toThrow(/16 bytes/);
  });

  it('derives a non-extractable AES-KW key that can only wrap and unwrap', async () => {
    const key = await derivePinKey('123456', randomBytes(16), FAST);
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-KW', length: 256 });
    expect([...key.usages].sort()).toEqual(['unwrapKey', 'wrapKey']);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('gives the same key for the same PIN and salt, another for another salt or PIN', async () => {
    const salt = randomBytes(16);
    const probe = await crypto.subtle.importKey('raw', new Uint8Array(32).fill(7), { name: 'AES-GCM' }, true, ['encrypt']);
    const wrapWith = async (pin: string, s: Uint8Array<ArrayBuffer>) =>
      Buffer.from(await crypto.subtle.wrapKey('raw', probe, await derivePinKey(pin, s, FAST), 'AES-KW')).toString('hex');
    const first = await wrapWith('123456', salt);
    expect(await wrapWith('123456', salt)).toBe(first);
    expect(await wrapWith('123456', randomBytes(16))).not.toBe(first);
    expect(await wrapWith('123457', salt)).not.toBe(first);
  });
});
