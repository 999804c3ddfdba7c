// The phone's pull of the change feed against the real server (PGlite) on fake-indexeddb: what it brings lands where
// the screens read, the cursor is kept, local edits stay on top until the server answers, an application that left
// the officer's work is dropped (or kept with a "needs you" conflict while work is queued), and a decision made
// meanwhile is a conflict, never an overwrite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_CONFLICTS_META, type FeedConflicts } from '../../src/db/feed-conflicts';
import { FEED_CURSOR_META } from '../../src/db/feed-apply';
import { getMeta } from '../../src/db/records';
import { pullChanges } from '../../src/sync/pull';
import { enqueue } from '../../src/sync/enqueue';
import { OP_CATALOGUE } from '../../src/sync/op-catalogue';
import { nextApplication } from '../../server/test-borrower';
import { call, makeTestServer, signIn, type TestServer } from '../../server/test-helpers';
import { makePhone } from './feed-phone';

let s: TestServer;
let officer: string;
let reviewer: string;
beforeAll(async () => {
  s = await makeTestServer();
  officer = await signIn(s.app, '9000000001');
  reviewer = await signIn(s.app, '9000000002');
}, 60_000);
afterAll(async () => {
  await s.close();
});

async function create(name = 'Feed Borrower') {
  const { id, phone } = nextApplication();
  expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: officer, json: { phone, name, city: 'Pune' } })).status).toBe(201);
  return id;
}
const atBranch = (id: string, patch: Record<string, unknown>) =>
  s.db.query(`UPDATE applications SET data = data || $2::jsonb WHERE id=$1`, [id, JSON.stringify(patch)]);

describe('pull', () => {
  it('a first pull cut short still drops, when it ends, what the server does not name', async () => {
    await create();
    await create();
    const phone = makePhone(s.app, () => officer);
    const left = 'f'.repeat(32);
    await phone.db.applications.put({ id: left, appId: left, data: { id: left, name: 'Left Behind' }, syncedAt: 0 });
    let asked = 0;
    const cut = {
      ...phone.transport,
      request: (...a: Parameters<typeof phone.transport.request>) => {
        asked += 1;
        if (asked > 1) throw new TypeError('fetch failed (test: the link drops)');
        return phone.transport.request(...a);
      },
    };
    await expect(pullChanges(phone.db, cut, { limit: 1 })).rejects.toThrow('link drops');
    expect(await getMeta(phone.db, FEED_CURSOR_META)).toBeTruthy();
    expect(await phone.db.applications.get(left)).toBeDefined();
    await phone.pull();
    expect(await phone.db.applications.get(left)).toBeUndefined();
  });

  it('brings what the officer reads into the stores the screens read, keeps the cursor, and then asks for little', async () => {
    const id = await create();
    await s.db.query(
      `INSERT INTO family_members (id, tenant_id, application_id, record_index, data, created_at, updated_at)
       VALUES ($1, 'sahayog', $2, 0, '{"name":"Sita"}'::jsonb, now(), now())`,
      [`${'e'.repeat(31)}1`, id],
    );
    const phone = makePhone(s.app, () => officer);
    const first = await phone.pull();
    expect(first.updated).toBeGreaterThan(0);
    expect((await phone.db.applications.get(id))?.data).toMatchObject({ id, name: 'Feed Borrower', city: 'Pune' });
    expect((await phone.db.familyMembers.where('appId').equals(id).toArray()).map((r) => r.data.name)).toEqual(['Sita']);
    expect(await getMeta(phone.db, FEED_CURSOR_META)).toMatch(/^\d+\.[0-9a-f]{12}$/);
    expect(await phone.pull()).toEqual({ pages: 1, updated: 0, dropped: 0, conflicts: 0 });
  });

  it("the phone's queued edit stays on top of a newer server copy until the server answers; then the record is the server's", async () => {
    const id = await create();
    const phone = makePhone(s.app, () => officer);
    await phone.pull();
    phone.offline = true;
    await phone.edit(id, { name: 'Typed Offline' });
    await atBranch(id, { city: 'Nashik' });
    phone.offline = false;
    await phone.pull();
    const row = await phone.db.applications.get(id);
    expect(row?.data).toMatchObject({ name: 'Typed Offline', city: 'Nashik' });
    expect(row?.server).toMatchObject({ name: 'Feed Borrower', city: 'Nashik' });
    await phone.engine.syncNow();
    await phone.pull();
    const after = await phone.db.applications.get(id);
    expect(after?.data).toMatchObject({ name: 'Typed Offline', city: 'Nashik' });
    expect(after?.server).toBeUndefined();
  });

  it('an application moved to another branch leaves the phone; with work queued it stays, and says so', async () => {
    const [idle, busy] = [await create(), await create()];
    const phone = makePhone(s.app, () => officer);
    await phone.pull();
    await phone.edit(busy, { name: 'Not Sent Yet' });
    await s.db.query(`UPDATE applications SET branch_id='B2' WHERE id = ANY($1::text[])`, [[idle, busy]]);
    const r = await phone.pull();
    expect(r.dropped).toBe(1);
    expect(await phone.db.applications.get(idle)).toBeUndefined();
    expect((await phone.db.applications.get(busy))?.data.name).toBe('Not Sent Yet');
    const conflicts = await getMeta<FeedConflicts>(phone.db, FEED_CONFLICTS_META);
    expect(conflicts?.[busy]).toEqual([expect.objectContaining({ kind: 'gone' })]);
    expect(await phone.db.outbox.count()).toBe(1);
  });

  it('a deviation decided meanwhile by someone else is a conflict on the queued decision, which stays', async () => {
    const id = await create();
    await atBranch(id, { deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: { is_match: false }, status: 'PENDING' }] });
    const phone = makePhone(s.app, () => reviewer);
    await phone.pull();
    phone.offline = true;
    await enqueue(phone.db, OP_CATALOGUE.deviationDecision, {
      appId: id,
      at: { appId: id },
      body: { type: 'BORROWER_NAME_MISMATCH_DEVIATION', decision: 'APPROVED', remarks: 'ok' },
    });
    await atBranch(id, { deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: { is_match: false }, status: 'REJECTED' }] });
    phone.offline = false;
    const r = await phone.pull();
    expect(r.conflicts).toBe(1);
    const conflicts = await getMeta<FeedConflicts>(phone.db, FEED_CONFLICTS_META);
    expect(conflicts?.[id]).toEqual([expect.objectContaining({ kind: 'deviation', what: 'This deviation has already been decided' })]);
    expect(await phone.db.outbox.count()).toBe(1);
  });

  it('a sanctioned loan leaves the visit phone, documents and all', async () => {
    const visit = await signIn(s.app, '9000000003');
    const id = await create();
    const phone = makePhone(s.app, () => visit);
    await phone.pull();
    expect(await phone.db.applications.get(id)).toBeDefined();
    await phone.db.files.put({
      id: 'server:abc',
      blob: new Blob(['x']),
      name: 'doc',
      mime: 'image/jpeg',
      size: 1,
      geoTag: { latitude: 0, longitude: 0 },
      appId: id,
      field: 'doc',
      uploadState: 'uploaded',
      bytesSent: 1,
      createdAt: Date.now(),
    });
    await atBranch(id, { sanctioned: true });
    await phone.pull();
    expect(await phone.db.applications.get(id)).toBeUndefined();
    expect(await phone.db.files.where('appId').equals(id).count()).toBe(0);
  });
});
