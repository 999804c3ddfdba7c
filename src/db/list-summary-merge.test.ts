// @vitest-environment node
// The verification and review roles' list answers summaries; the phone merges them into the records it
// holds (a taken-offline application keeps its whole record), and keeps a summary alone where it holds nothing.
import { describe, expect, it } from 'vitest';
import { openEncryptedUserDb } from './encryption-test-kit';
import { cacheServerApplications, mergeInto } from './records';

describe('list summaries', () => {
  it('mergeInto refreshes what the summary carries, nested objects included, and keeps the rest', () => {
    const held = { name: 'Old', address: 'House 12', bank_account: { account_number: '123456789012', deviations: [] }, stages: ['A'] };
    const summary = { name: 'New', bank_account: { deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION' }] }, stages: ['A', 'B'] };
    expect(mergeInto(held, summary)).toEqual({
      name: 'New',
      address: 'House 12',
      bank_account: { account_number: '123456789012', deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION' }] },
      stages: ['A', 'B'],
    });
  });

  it('a summary row keeps the whole record the phone took offline; a whole row replaces it; the flag is not stored', async () => {
    const { db } = await openEncryptedUserDb('list-summary-1');
    await cacheServerApplications(db, [{ id: 'a', appId: 'a', data: { id: 'a', name: 'Ramesh', address: 'House 12', status: 'DRAFT' } }]);
    await cacheServerApplications(db, [
      { id: 'a', appId: 'a', data: { id: 'a', list_summary: true, name: 'Ramesh Kumar', status: 'PD1_REVIEW' } },
      { id: 'b', appId: 'b', data: { id: 'b', list_summary: true, name: 'Sunita' } },
    ]);
    expect((await db.applications.get('a'))?.data).toEqual({ id: 'a', name: 'Ramesh Kumar', address: 'House 12', status: 'PD1_REVIEW' });
    expect((await db.applications.get('b'))?.data).toEqual({ id: 'b', name: 'Sunita', partial: true });
    await cacheServerApplications(db, [{ id: 'a', appId: 'a', data: { id: 'a', name: 'Whole' } }]);
    expect((await db.applications.get('a'))?.data).toEqual({ id: 'a', name: 'Whole' });
  });
});
