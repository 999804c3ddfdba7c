// The "needs you" list read from a real Dexie (fake-indexeddb): only what the phone holds (so nothing is lost on a
// restart), and an acknowledgement moves a mismatch to pending.
import { afterEach, describe, expect, it } from 'vitest';
import { saveDraft, draftKey } from '../db/drafts';
import { cacheRecords } from '../db/records';
import { deleteUserDb, openUserDb } from '../db/user-db';
import { deviationItems } from '../workflow/deviation-items';
import { continueWithDeviation, readNeedsYou } from './use-needs-you';

const user = `needs-${Date.now()}`;
afterEach(async () => {
  await deleteUserDb('sahayog', user);
});
const A = 'e'.repeat(32);
const B = 'f'.repeat(32);
const mismatch = {
  type: 'BORROWER_NAME_MISMATCH_DEVIATION' as const,
  info: {
    is_match: false,
    score: 0.3,
    values: [
      { value: 'SURESH SHARMA', source: 'PAN' as const },
      { value: 'Mohan Lal', source: 'INPUT' as const },
    ],
  },
  status: 'PENDING' as const,
};

describe('needs you, read from the phone', () => {
  it('lists a refused check and a mismatch with whose they are, and a continued mismatch as pending', async () => {
    const db = openUserDb('sahayog', user);
    await cacheRecords(db, 'applications', [
      {
        id: A,
        appId: A,
        data: {
          id: A,
          name: 'Ramesh Kumar',
          phone: '9510000001',
          is_phone_verified: true,
          verification_failures: { pan: { value: 'ZZZZZ9999Z', message: 'INVALID PAN' } },
        },
      },
      {
        id: B,
        appId: B,
        data: { id: B, name: 'Mohan Lal', phone: '9520000001', is_phone_verified: true, stages: ['BORROWER_INFO'], deviations: [mismatch] },
      },
    ]);
    await saveDraft(db, draftKey(A, 'kyc'), { guardian_name: 'x' });
    const again = db;
    const items = await readNeedsYou(again);
    expect(items.map((i) => [i.who, i.kind])).toEqual([
      ['Ramesh Kumar · +91 9510000001', 'check-failed'],
      ['Mohan Lal · +91 9520000001', 'name-mismatch'],
    ]);
    await continueWithDeviation(again, B, deviationItems({ name: 'Mohan Lal', deviations: [mismatch] })[0]!);
    expect((await readNeedsYou(again)).map((i) => [i.kind, i.waiting])).toEqual([
      ['check-failed', false],
      ['deviation-pending', true],
    ]);
  });
});
