// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { exactBytes } from './bytes';
import { InvalidPinError, TamperedDataError, WrongPinError } from './errors';
import { changeVaultPin, createKeyVault, type KeyVault, recoverKeyVault, unlockKeyVault } from './key-vault';
import { PBKDF2_ITERATIONS } from './pin-key';
import { decryptValue, encryptValue } from './value-cipher';

// Tests pass a low count explicitly; one test below runs the production default.
const FAST = { iterations: 1_000 };
const REF = { table: 'drafts', field: 'value', key: 'a|kyc|0' };

const flipped = (bytes: Uint8Array, at = 0) => {
  const copy = exactBytes(bytes);
  copy[at]! ^= 0x01;
  return copy;
};

describe('key vault', () => {
  it('stores salt, iterations, the wrapped key and a check value; the usable key is non-extractable AES-GCM-256', async () => {
    const { vault, key } = await createKeyVault('482913', FAST);
    expect(vault).toMatchObject({ v: 1, kdf: 'PBKDF2-SHA-256', iterations: 1_000 });
    expect(vault.salt).toHaveLength(16);
    expect(vault.wrappedKey).toHaveLength(40);
    expect(vault.check).toHaveLength(40);
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('the right PIN opens the same data key (what it encrypted decrypts)', async () => {
    const { vault, key } = await createKeyVault('482913', FAST);
    const sealed = await encryptValue(key, { pan: 'ABCDE1234F' }, REF);
    const unlocked = await unlockKeyVault(vault, '482913');
    expect(unlocked.extractable).toBe(false);
    expect(await decryptValue(unlocked, sealed, REF)).toEqual({ pan: 'ABCDE1234F' });
  });

  it('a wrong PIN is a WrongPinError, found by the check value', async () => {
    const { vault } = await createKeyVault('482913', FAST);
    await expect(unlockKeyVault(vault, '482914')).rejects.toBeInstanceOf(WrongPinError);
    await expect(unlockKeyVault(vault, '000000')).rejects.toBeInstanceOf(WrongPinError);
  });

  it('a malformed PIN is an InvalidPinError, not a wrong guess', async () => {
    const { vault } = await createKeyVault('482913', FAST);
    await expect(unlockKeyVault(vault, '48291')).rejects.toBeInstanceOf(InvalidPinError);
    await expect(createKeyVault('abcdef', FAST)).rejects.toBeInstanceOf(InvalidPinError);
  });

  it('each vault has its own salt and data key', async () => {
    const a = await createKeyVault('482913', FAST);
    const b = await createKeyVault('482913', FAST);
    expect(Buffer.from(a.vault.salt).equals(Buffer.from(b.vault.salt))).toBe(false);
    const sealed = await encryptValue(a.key, 'x', REF);
    await expect(decryptValue(b.key, sealed, REF)).rejects.toBeInstanceOf(TamperedDataError);
  });

  it('a damaged wrapped key with the right PIN is TamperedDataError, not WrongPinError', async () => {
    const { vault } = await createKeyVault('482913', FAST);
    await expect(unlockKeyVault({ ...vault, wrappedKey: flipped(vault.wrappedKey, 20) }, '482913')).rejects.toBeInstanceOf(
      TamperedDataError,
    );
  });

  it('a changed salt or iteration count makes the right PIN fail the check', async () => {
    const { vault } = await createKeyVault('482913', FAST);
    await expect(unlockKeyVault({ ...vault, salt: flipped(vault.salt) }, '482913')).rejects.toBeInstanceOf(WrongPinError);
    await expect(unlockKeyVault({ ...vault, iterations: 999 }, '482913')).rejects.toBeInstanceOf(WrongPinError);
  });

  it('refuses a record that is not a vault', async () => {
    const { vault } = await createKeyVault('482913', FAST);
    await expect(unlockKeyVault({ ...vault, v: 2 } as unknown as KeyVault, '482913')).rejects.toBeInstanceOf(TamperedDataError);
    await expect(unlockKeyVault({ ...vault, check: vault.check.subarray(0, 16) }, '482913')).rejects.toBeInstanceOf(TamperedDataError);
  });

  it('a PIN change keeps the data key (stored data still opens) and retires the old PIN', async () => {
    const { vault, key } = await createKeyVault('482913', FAST);
    const sealed = await encryptValue(key, { name: 'RAMESH KUMAR' }, REF);
    const changed = await changeVaultPin(vault, '482913', '705316', FAST);
    expect(Buffer.from(changed.salt).equals(Buffer.from(vault.salt))).toBe(false);
    await expect(unlockKeyVault(changed, '482913')).rejects.toBeInstanceOf(WrongPinError);
    const reopened = await unlockKeyVault(changed, '705316');
    expect(reopened.extractable).toBe(false);
    expect(await decryptValue(reopened, sealed, REF)).toEqual({ name: 'RAMESH KUMAR' });
    await expect(changeVaultPin(vault, '111111', '705316', FAST)).rejects.toBeInstanceOf(WrongPinError);
  });

  it('forgot PIN: the recovery secret opens the same data key under a new PIN; a wrong secret or no recovery copy does not', async () => {
    const secret = crypto.getRandomValues(new Uint8Array(32));
    const { vault, key } = await createKeyVault('482913', { ...FAST, recoverySecret: secret });
    expect(vault.recovery).toHaveLength(40);
    const sealed = await encryptValue(key, { pan: 'ABCDE1234F' }, REF);
    const { vault: renewed, key: again } = await recoverKeyVault(vault, secret, '705316', FAST);
    expect(again.extractable).toBe(false);
    expect(await decryptValue(again, sealed, REF)).toEqual({ pan: 'ABCDE1234F' });
    await expect(unlockKeyVault(renewed, '482913')).rejects.toBeInstanceOf(WrongPinError);
    expect(await decryptValue(await unlockKeyVault(renewed, '705316'), sealed, REF)).toEqual({ pan: 'ABCDE1234F' });
    // The renewed vault can be recovered again; a PIN change keeps the recovery copy.
    expect((await recoverKeyVault(renewed, secret, '111222', FAST)).vault.recovery).toHaveLength(40);
    expect((await changeVaultPin(renewed, '705316', '333444', FAST)).recovery).toEqual(renewed.recovery);
    await expect(recoverKeyVault(vault, crypto.getRandomValues(new Uint8Array(32)), '705316', FAST)).rejects.toBeInstanceOf(
      TamperedDataError,
    );
    const plain = (await createKeyVault('482913', FAST)).vault;
    await expect(recoverKeyVault(plain, secret, '705316', FAST)).rejects.toBeInstanceOf(TamperedDataError);
  });

  it('production vaults use PBKDF2_ITERATIONS (the one test that pays the real count)', async () => {
    const { vault, key } = await createKeyVault('482913');
    expect(vault.iterations).toBe(PBKDF2_ITERATIONS);
    const sealed = await encryptValue(key, 1, REF);
    expect(await decryptValue(await unlockKeyVault(vault, '482913'), sealed, REF)).toBe(1);
  });
});
