// @vitest-environment node
// What encryption at rest costs in this environment (Node WebCrypto, fake-indexeddb): a draft autosave and a
// 3 MB photo, each with and without the middleware. Printed for the record; the bounds only catch a regression
// that would break the 300 ms draft budget (REQ-QUAL-3) or make a photo save feel stuck.
import Dexie from 'dexie';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptBlob, encryptBlob } from '../lib/crypto/blob-cipher';
import { saveDraft } from './drafts';
import { newDataKey, openEncryptedUserDb } from './encryption-test-kit';
import { putFile } from './files';
import { UserDb } from './user-db';

const opened: UserDb[] = [];
afterAll(async () => {
  for (const db of opened) {
    db.close();
    await Dexie.delete(db.name);
  }
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timeEach(times: number, run: (i: number) => Promise<unknown>): Promise<number> {
  const took: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const t0 = performance.now();
    await run(i);
    took.push(performance.now() - t0);
  }
  return median(took);
}
const ms = (x: number) => `${x.toFixed(2)} ms`;

/** A filled-in borrower step, about 1.5 KB of JSON. */
const draft = (i: number) => ({
  name: 'RAMESH KUMAR',
  phone: '9876543210',
  pan: 'ABCDE1234F',
  aadhaar_last4: '7777',
  dob: '15-08-1985',
  address: { line1: `${i} MG Road, near the bus stand`, line2: 'Shivaji Nagar', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
  business: { name: 'Kumar General Store', category: 'Retail', years: 7, monthly_income: 45_000, monthly_expense: 21_000 },
  loan: { amount: 100_000, tenure: 18, purpose: 'Working capital for stock before the festival season' },
  notes: 'Shop is on the ground floor of the house; neighbours confirmed residence for 10 years. '.repeat(8),
});

async function setUp() {
  const plain = new UserDb('flo-u-cost-plain');
  const { db: encrypted } = await openEncryptedUserDb('flo-u-cost-encrypted');
  opened.push(plain, encrypted);
  await Promise.all([plain.open(), encrypted.open()]);
  return { plain, encrypted };
}

const photoBytes = (size: number) => new Uint8Array(size).map((_, i) => (i * 131) % 256);

describe('cost of encryption at rest', () => {
  it('a draft autosave and a 3 MB photo', async () => {
    const { plain, encrypted } = await setUp();
    const DRAFTS = 200;
    await timeEach(20, (i) => saveDraft(encrypted, `warm|${i}`, draft(i)));
    const draftPlain = await timeEach(DRAFTS, (i) => saveDraft(plain, `a|kyc|${i % 10}`, draft(i)));
    const draftEncrypted = await timeEach(DRAFTS, (i) => saveDraft(encrypted, `a|kyc|${i % 10}`, draft(i)));
    const draftRead = await timeEach(DRAFTS, (i) => encrypted.drafts.get(`a|kyc|${i % 10}`));

    const SIZE = 3 * 1024 * 1024;
    const blob = new Blob([photoBytes(SIZE)], { type: 'image/jpeg' });
    const file = (id: string) => ({
      id,
      blob,
      name: 'captured_image.jpg',
      mime: 'image/jpeg',
      size: SIZE,
      geoTag: { latitude: 18.5, longitude: 73.8, source: 'device' as const },
      appId: 'a',
      field: 'shop',
    });
    const photoPlain = await timeEach(5, (i) => putFile(plain, file(`p${i}`)));
    const photoEncrypted = await timeEach(5, (i) => putFile(encrypted, file(`p${i}`)));
    const photoRead = await timeEach(5, (i) => encrypted.files.get(`p${i}`));
    const key = await newDataKey();
    const ref = { table: 'files', field: 'blob', key: 'x' };
    const sealed = await encryptBlob(key, blob, ref);
    const cipherOnly = await timeEach(5, () => encryptBlob(key, blob, ref));
    const decipherOnly = await timeEach(5, () => decryptBlob(key, sealed, ref));

    console.log(
      [
        `draft put (${JSON.stringify(draft(0)).length} B JSON), median of ${DRAFTS}: plain ${ms(draftPlain)}, encrypted ${ms(draftEncrypted)}; encrypted get ${ms(draftRead)}`,
        `3 MB photo put, median of 5: plain ${ms(photoPlain)}, encrypted ${ms(photoEncrypted)}; encrypted get ${ms(photoRead)}`,
        `3 MB blob cipher alone (12 chunks of 256 KiB): encrypt ${ms(cipherOnly)}, decrypt ${ms(decipherOnly)}`,
      ].join('\n'),
    );
    expect((await encrypted.drafts.get('a|kyc|9'))!.value).toEqual(draft(DRAFTS - 1));
    expect((await encrypted.files.get('p4'))!.blob.size).toBe(SIZE);
    expect(draftEncrypted).toBeLessThan(50);
    expect(photoEncrypted).toBeLessThan(2_000);
    expect(photoRead).toBeLessThan(2_000);
  });
});
