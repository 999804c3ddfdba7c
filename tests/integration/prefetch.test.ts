import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMeta } from '../../src/db/records';
import { LAST_PREFETCH_META, LIST_KEYS, prefetchForOffline } from '../../src/sync/prefetch';
import { queueOp } from '../../src/sync/enqueue';
import { type Harness, makeHarness } from './sync-harness';

let h: Harness;
beforeEach(async () => {
  h = await makeHarness();
});
afterEach(async () => h.close());

async function createApplication(id: string, phone: string) {
  const res = await h.fetch(
    new Request(`http://sahayog.localhost/api/main/v1/app/mfi/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', token: h.token, 'idempotency-key': `k-${id}` },
      body: JSON.stringify({ phone, loan_type: 'MFI_BUSINESS_LOAN' }),
    }),
  );
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

describe('prefetch for offline reading', () => {
  it("caches the officer's applications, the count and both reference lists, with the time", async () => {
    await createApplication('a'.repeat(32), '9876500001');
    await createApplication('b'.repeat(32), '9876500002');
    const db = h.newDb();
    const result = await prefetchForOffline(db, h.transport, () => 1_700_000_000_000);
    expect(result.failed).toEqual([]);
    expect((await db.applications.toArray()).map((a) => a.id).sort()).toEqual(['a'.repeat(32), 'b'.repeat(32)]);
    expect((await db.lists.get(LIST_KEYS.appCount))?.value).toEqual({ count: 2 });
    expect((((await db.lists.get(LIST_KEYS.banks))?.value ?? []) as unknown[]).length).toBeGreaterThan(5);
    expect((((await db.lists.get(LIST_KEYS.businessCategories))?.value ?? []) as unknown[]).length).toBeGreaterThan(5);
    expect(await getMeta(db, LAST_PREFETCH_META)).toBe(1_700_000_000_000);
  });

  it('offline keeps what was cached and reports every piece as failed', async () => {
    const db = h.newDb();
    await createApplication('c'.repeat(32), '9876500003');
    await prefetchForOffline(db, h.transport, () => 1);
    h.network.offline = true;
    const result = await prefetchForOffline(db, h.transport, () => 2);
    expect(result.ok).toEqual([]);
    expect(result.failed.sort()).toEqual(['applications', 'banks', 'business-categories', 'count']);
    expect(await db.applications.count()).toBe(1);
    expect(await getMeta(db, LAST_PREFETCH_META)).toBe(1);
  });

  it('one failing list does not stop the others', async () => {
    const db = h.newDb();
    h.network.inject({ fault: 500, times: 1, match: (_m, path) => path.includes('/v1/bank/list') });
    const result = await prefetchForOffline(db, h.transport);
    expect(result.failed).toEqual(['banks']);
    expect(result.ok).toContain('business-categories');
  });
});

describe('prefetch next to queued work', () => {
  it('keeps the local record of an application whose edits are still queued, refreshes the others', async () => {
    const busy = 'c'.repeat(32);
    const idle = 'd'.repeat(32);
    await createApplication(busy, '9876500003');
    await createApplication(idle, '9876500004');
    const db = h.newDb();
    await db.applications.bulkPut([
      { id: busy, appId: busy, data: { id: busy, phone: '9876500003', name: 'Typed offline' }, syncedAt: 1 },
      { id: idle, appId: idle, data: { id: idle, phone: '9876500004', name: 'Old copy' }, syncedAt: 1 },
    ]);
    await queueOp(db, {
      appId: busy,
      kind: 'application.update',
      method: 'PATCH',
      path: `/v1/app/mfi/${busy}`,
      body: { name: 'Typed offline' },
    });
    await prefetchForOffline(db, h.transport, () => 5);
    expect((await db.applications.get(busy))?.data).toMatchObject({ name: 'Typed offline' });
    expect((await db.applications.get(busy))?.syncedAt).toBe(1);
    expect((await db.applications.get(idle))?.data).not.toHaveProperty('name');
    expect((await db.applications.get(idle))?.syncedAt).toBe(5);
  });
});
