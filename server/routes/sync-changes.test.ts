// The change feed (GET /v1/sync/changes): scoped exactly like a read, paged in change order, an empty answer small,
// a part's write (family member) carried with its application, and an application that leaves a scope (another
// branch, a finished loan on the visit phone) told as `gone` to the phones that held it.
import type { FeedChange } from '../../contracts/change-feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextApplication } from '../test-borrower';
import { call, makeTestServer, publicSignIn, signIn, type TestServer } from '../test-helpers';

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely, as server/test-helpers.ts `call` does.
type Change = FeedChange & Record<string, any>;

let s: TestServer;
const WHO = { officer: '9000000001', review: '9000000002', visit: '9000000003', reviewB2: '9000000012', head: '9000000014' };
const tokens = {} as Record<keyof typeof WHO, string>;
beforeAll(async () => {
  s = await makeTestServer();
  for (const [k, m] of Object.entries(WHO)) tokens[k as keyof typeof WHO] = await signIn(s.app, m);
}, 60_000);
afterAll(async () => {
  await s.close();
});

const pull = async (token: string, since?: string, limit?: number, app = s.app) => {
  const q = new URLSearchParams();
  if (since !== undefined) q.set('since', since);
  if (limit !== undefined) q.set('limit', String(limit));
  return call(app, 'GET', `/v1/sync/changes?${q}`, { token });
};
/** Pulls every page; the changes in order and the last cursor. */
async function pullAll(token: string, since?: string, limit?: number) {
  const changes: Change[] = [];
  let cursor = since;
  for (let i = 0; i < 100; i += 1) {
    const r = await pull(token, cursor, limit);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    changes.push(...r.body.data.changes);
    cursor = r.body.data.cursor;
    if (!r.body.data.has_more) return { changes, cursor: cursor as string, reset: r.body.data.reset === true };
  }
  throw new Error('the feed never ended');
}
async function create() {
  const { id, phone } = nextApplication();
  expect((await call(s.app, 'PUT', `/v1/app/mfi/${id}`, { token: tokens.officer, json: { phone, name: 'Feed Test' } })).status).toBe(201);
  return id;
}
const ids = (changes: Change[]) => changes.map((c) => c.application_id as string);

describe('GET /v1/sync/changes', () => {
  it('no since: everything the caller reads now, whole; then an empty answer of a few hundred bytes', async () => {
    const id = await create();
    const first = await pullAll(tokens.officer);
    const mine = first.changes.find((c) => c.application_id === id)!;
    expect(mine.application).toMatchObject({ id, name: 'Feed Test', branch_id: 'B1' });
    expect(mine).toMatchObject({ co_applicants: [], family_members: [], files: [] });
    const empty = await pull(tokens.officer, first.cursor);
    expect(empty.body.data).toEqual({ changes: [], cursor: first.cursor, has_more: false });
    expect((await empty.res.text()).length).toBeLessThan(300);
  });

  it('is scoped like a read: the branch sees it, another branch never hears of it', async () => {
    const b2 = await pullAll(tokens.reviewB2);
    const id = await create();
    expect(ids((await pullAll(tokens.review)).changes)).toContain(id);
    expect(ids((await pullAll(tokens.head)).changes)).toContain(id);
    const later = await pullAll(tokens.reviewB2, b2.cursor);
    expect(JSON.stringify(later.changes)).not.toContain(id);
  });

  it("a family member's write brings its application again, with the member", async () => {
    const id = await create();
    const before = await pullAll(tokens.review);
    await s.db.query(
      `INSERT INTO family_members (id, tenant_id, application_id, record_index, data, created_at, updated_at)
       VALUES ($1, 'sahayog', $2, 0, '{"name":"Sita"}'::jsonb, now(), now())`,
      ['f'.repeat(32), id],
    );
    const after = await pullAll(tokens.review, before.cursor);
    expect(ids(after.changes)).toEqual([id]);
    expect(after.changes[0]!.family_members).toEqual([expect.objectContaining({ id: 'f'.repeat(32), name: 'Sita' })]);
  });

  it('pages in change order: every application once, has_more until the last page', async () => {
    const start = (await pullAll(tokens.officer)).cursor;
    const made = [await create(), await create(), await create(), await create(), await create()];
    const first = await pull(tokens.officer, start, 2);
    expect(first.body.data.has_more).toBe(true);
    expect(first.body.data.changes).toHaveLength(2);
    const all = await pullAll(tokens.officer, start, 2);
    expect(ids(all.changes)).toEqual(made);
    const seqs = all.changes.map((c) => c.seq as number);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });

  it('an application moved to another branch is gone for the first branch and arrives in the second', async () => {
    const id = await create();
    const review = await pullAll(tokens.review);
    const officer = await pullAll(tokens.officer);
    const b2 = await pullAll(tokens.reviewB2);
    await s.db.query(`UPDATE applications SET branch_id='B2' WHERE id=$1`, [id]);
    expect((await pullAll(tokens.review, review.cursor)).changes).toEqual([
      { application_id: id, seq: expect.any(Number), gone: true, reason: 'out_of_scope' },
    ]);
    expect((await pullAll(tokens.officer, officer.cursor)).changes).toEqual([expect.objectContaining({ application_id: id, gone: true })]);
    const arrived = await pullAll(tokens.reviewB2, b2.cursor);
    expect(arrived.changes).toEqual([
      expect.objectContaining({ application_id: id, application: expect.objectContaining({ branch_id: 'B2' }) }),
    ]);
  });

  it('a finished loan leaves the visit phone (gone, finished); the review role still gets it', async () => {
    const id = await create();
    const visit = await pullAll(tokens.visit);
    expect(ids(visit.changes)).toContain(id);
    const review = await pullAll(tokens.review);
    await s.db.query(`UPDATE applications SET data = data || '{"sanctioned": true}'::jsonb WHERE id=$1`, [id]);
    expect((await pullAll(tokens.visit, visit.cursor)).changes).toEqual([
      expect.objectContaining({ application_id: id, reason: 'finished' }),
    ]);
    expect(ids((await pullAll(tokens.visit)).changes)).not.toContain(id);
    expect((await pullAll(tokens.review, review.cursor)).changes[0]!.application).toMatchObject({ id, sanctioned: true });
  });

  it('a cursor made for another scope starts over with reset; a bad cursor or size is 400', async () => {
    const review = await pullAll(tokens.review);
    const again = await pull(tokens.reviewB2, review.cursor);
    expect(again.body.data.reset).toBe(true);
    expect((await pull(tokens.review, 'abc')).status).toBe(400);
    expect((await pull(tokens.review, undefined, 0)).status).toBe(400);
    expect((await pull(tokens.review, undefined, 201)).status).toBe(400);
  });

  it('a cursor from one instance goes on at another; each delivered application is on the access log', async () => {
    const id = await create();
    const one = await pullAll(tokens.review);
    const other = await s.anotherInstance();
    expect((await pull(tokens.review, one.cursor, undefined, other.app)).body.data.changes).toEqual([]);
    const [n] = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM access_log WHERE application_id=$1 AND action='application.sync'`,
      [id],
    );
    expect(n!.n).toBeGreaterThan(0);
  });

  it('a guest reads its own application only', async () => {
    const other = await create();
    const guest = await publicSignIn(s.app, '9812345670');
    const got = await pullAll(guest.token);
    expect(ids(got.changes)).toEqual([guest.applicationId]);
    expect(JSON.stringify(got.changes)).not.toContain(other);
  });
});
