import { describe, expect, it } from 'vitest';
import { saveDraft } from './drafts';
import { cacheList, cacheRecords, clearPersonalData, setMeta } from './records';
import { deleteUserDb, openUserDb } from './user-db';

describe('clearPersonalData (a visitor done on this device)', () => {
  it('empties drafts, files, the outbox and every cached record, and keeps the public lists', async () => {
    const db = openUserDb('sahayog', 'guest-clear');
    await saveDraft(db, 'public:mobile', { mobile: '9876543210' });
    await db.files.put({
      id: 'f1',
      appId: 'a1',
      name: 'pan.jpg',
      mime: 'image/jpeg',
      size: 3,
      blob: new Blob(['abc']),
      createdAt: 1,
      uploadState: 'queued',
    } as never);
    await db.outbox.add({ id: 'op1', appId: 'a1', state: 'pending', createdAt: 1 } as never);
    for (const table of ['applications', 'coApplicants', 'familyMembers', 'references', 'offers'] as const) {
      await cacheRecords(db, table, [{ id: `${table}-1`, appId: 'a1', data: { pan: 'ABCDE1234F' } }]);
    }
    await cacheList(db, 'banks', [{ id: 1, name: 'State Bank of India' }]);
    await setMeta(db, 'last-prefetch-at', 5);

    await clearPersonalData(db);

    for (const table of [db.drafts, db.files, db.outbox, db.applications, db.coApplicants, db.familyMembers, db.references, db.offers]) {
      expect(await table.count()).toBe(0);
    }
    expect(await db.lists.count()).toBe(1);
    expect(await db.meta.count()).toBe(1);
    await deleteUserDb('sahayog', 'guest-clear');
  });
});
