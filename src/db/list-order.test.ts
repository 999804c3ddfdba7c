// @vitest-environment node
// The list's first page read from the order index must be the first page of every row sorted, whoever wrote the rows;
// the order key is in clear and the data stays ciphertext.
import { describe, expect, it } from 'vitest';
import { openEncryptedUserDb, rawRows } from './encryption-test-kit';
import { byListOrder, listAtOf } from './list-order';
import { cacheRecords, cacheServerApplications } from './records';

const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}T10:00:00.000Z`;

describe('the applications list order', () => {
  it('the index gives the sorted list first page, after server pages, local writes and updates', async () => {
    const { db } = await openEncryptedUserDb('list-order-1');
    // Equal dates, a record with no updated_at (created_at decides), one with neither.
    await cacheServerApplications(
      db,
      Array.from({ length: 23 }, (_, i) => ({
        id: `app${String(i).padStart(2, '0')}`,
        appId: `app${String(i).padStart(2, '0')}`,
        data: i % 5 === 0 ? { name: `Name ${i}`, created_at: day(1 + (i % 9)) } : { name: `Name ${i}`, updated_at: day(1 + (i % 7)) },
      })),
    );
    await cacheRecords(db, 'applications', [{ id: 'zz', appId: 'zz', data: { name: 'Undated' } }]);
    await db.applications.update('app03', (row) => {
      row.data = { ...row.data, updated_at: day(28) };
    });
    const everyRow = (await db.applications.toArray()).map((r) => ({ id: r.id, listAt: listAtOf(r.data) })).sort(byListOrder);
    const page = await db.applications.orderBy('listAt').reverse().limit(10).toArray();
    expect(everyRow[0]!.id).toBe('app03');
    expect(page.map((r) => r.id)).toEqual(everyRow.slice(0, 10).map((r) => r.id));
    expect(await db.applications.where('listAt').aboveOrEqual('').count()).toBe(24);

    const stored = (await rawRows('list-order-1')).applications!;
    const app03 = stored.find((r) => r.id === 'app03')!;
    expect(app03.listAt).toBe(day(28));
    expect(JSON.stringify(app03.data)).not.toContain('Name 3');
  });
});
