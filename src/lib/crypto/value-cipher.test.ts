// @vitest-environment node
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { exactBytes } from './bytes';
import { TamperedDataError } from './errors';
import { decryptValue, encryptValue, type SealedValue } from './value-cipher';

let key: CryptoKey;
beforeAll(async () => {
  key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
});

const REF = { table: 'drafts', field: 'value', key: '9f3c|kyc|0' };
const KYC = { name: 'RAMESH KUMAR', pan: 'ABCDE1234F', mobile: '9876543210', aadhaar: '999988887777' };

const flip = (sealed: SealedValue, part: 'iv' | 'ct', at: number): SealedValue => {
  const bytes = exactBytes(sealed[part]);
  bytes[at]! ^= 0x80;
  return { ...sealed, [part]: bytes };
};

const expectTampered = async (p: Promise<unknown>, where: { table: string; field: string; key: unknown }) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TamperedDataError);
  expect(err).toMatchObject(where);
  expect((err as Error).message).toContain(where.table);
  return err as TamperedDataError;
};

describe('value encryption', () => {
  it('round-trips any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const sealed = await encryptValue(key, value, REF);
        expect(await decryptValue(key, sealed, REF)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 200 },
    );
  });

  it('stores { v: 1, iv, ct } with a fresh 12-byte IV each time and no plaintext', async () => {
    const a = await encryptValue(key, KYC, REF);
    const b = await encryptValue(key, KYC, REF);
    expect(Object.keys(a).sort()).toEqual(['ct', 'iv', 'v']);
    expect(a.v).toBe(1);
    expect(a.iv).toHaveLength(12);
    expect(Buffer.from(a.iv).equals(Buffer.from(b.iv))).toBe(false);
    expect(Buffer.from(a.ct).equals(Buffer.from(b.ct))).toBe(false);
    const text = Buffer.from(a.ct).toString('latin1') + JSON.stringify(a);
    for (const secret of Object.values(KYC)) expect(text).not.toContain(secret);
  });

  it('one flipped byte of ciphertext, tag or IV is a TamperedDataError naming table, field and key', async () => {
    const sealed = await encryptValue(key, KYC, REF);
    const err = await expectTampered(decryptValue(key, flip(sealed, 'ct', 3), REF), REF);
    expect(err.message).toContain('9f3c|kyc|0');
    expect(err.message).not.toContain('RAMESH');
    await expectTampered(decryptValue(key, flip(sealed, 'ct', sealed.ct.length - 1), REF), REF);
    await expectTampered(decryptValue(key, flip(sealed, 'iv', 0), REF), REF);
  });

  it('a ciphertext moved to another row, field or table does not open', async () => {
    const sealed = await encryptValue(key, KYC, REF);
    await expectTampered(decryptValue(key, sealed, { ...REF, key: '9f3c|kyc|1' }), { ...REF, key: '9f3c|kyc|1' });
    await expectTampered(decryptValue(key, sealed, { ...REF, field: 'other' }), { ...REF, field: 'other' });
    await expectTampered(decryptValue(key, sealed, { ...REF, table: 'lists' }), { ...REF, table: 'lists' });
  });

  it('the number 1 and the string "1" are different row keys', async () => {
    const sealed = await encryptValue(key, 'x', { table: 'outbox', field: 'body', key: 1 });
    const asString = { table: 'outbox', field: 'body', key: '1' };
    await expectTampered(decryptValue(key, sealed, asString), asString);
  });

  it('another data key cannot open it', async () => {
    const other = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await expectTampered(decryptValue(other, await encryptValue(key, KYC, REF), REF), REF);
  });

  it('a value that was never encrypted is refused, never passed through', async () => {
    await expectTampered(decryptValue(key, KYC, REF), REF);
    await expectTampered(decryptValue(key, 'ABCDE1234F', REF), REF);
    const sealed = await encryptValue(key, KYC, REF);
    await expectTampered(decryptValue(key, { ...sealed, ct: sealed.ct.subarray(0, 8) }, REF), REF);
  });

  it('refuses what JSON would silently change (Date, Blob, Map, class instances, undefined)', async () => {
    await expect(encryptValue(key, { at: new Date() }, REF)).rejects.toThrow(/only JSON values.*Date/);
    await expect(encryptValue(key, [new Blob(['x'])], REF)).rejects.toThrow(/Blob/);
    await expect(encryptValue(key, { m: new Map() }, REF)).rejects.toThrow(/Map/);
    await expect(encryptValue(key, undefined, REF)).rejects.toThrow(/undefined/);
    expect(await decryptValue(key, await encryptValue(key, Object.create(null), REF), REF)).toEqual({});
  });
});
