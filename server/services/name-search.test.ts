// The search through the names' words answers exactly what the plain scan answers (the four arms by ILIKE and LIKE,
// in list order): the same capped count, the same pages by number and by cursor, in every scope, for parts inside a
// word, across words, in any case, with punctuation, in Devanagari, after names, list positions and branches change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestServer, type TestServer } from '../test-helpers';
import {
  countApplications,
  type ListScope,
  listPage,
  listWithCount,
  SEARCH_COUNT_CAP,
  scopeWhere,
  searchCondition,
} from './application-list';
import { nameWords } from './name-search';

let s: TestServer;
let officers: { id: number; branch_id: string }[] = [];

// Spaces of other kinds inside names (U+0085, a no-break space, a tab) and letters with case outside ASCII.
const FIRST = ['Lakshmi', 'Rashmi', 'Ganesh', 'Mahesh', 'Sunita', 'Mary-Ann', "D'Souza", 'सुनीता', 'Ganesh\u0085Yadav', 'Äbel'];
const LAST = ['Patil', 'Yadav', 'Deshmukh', 'Khan', 'पाटील', 'Nair\u00a0Menon', 'Rashmi', 'Tab\tKhan', 'Ärger', 'Kulkarni'];
// Too long for an index entry: a word of 1,000 letters, and a name of 1,200 characters in short words.
const LONG = [`Ram ${'क'.repeat(1000)} Patil`, `Ram ${'Patil '.repeat(200)}Yadav`];

/** A small deterministic generator (mulberry32): the same cases on every run and every database. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(20261127);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const nameOf = () => {
  const r = rand();
  if (r < 0.05) return null;
  if (r < 0.1) return `${pick(FIRST)}  ${pick(LAST)}`;
  if (r < 0.2) return `${pick(FIRST)} ${pick(FIRST)} ${pick(LAST)}`;
  return `${pick(FIRST)} ${pick(LAST)}`;
};

async function insertApps(n: number, tag: string) {
  for (let i = 0; i < n; i += 1) {
    const o = pick(officers);
    await s.db.query(
      `INSERT INTO applications (id, tenant_id, owner_user_id, phone, data, created_at, updated_at, branch_id)
       VALUES (md5($1), 'sahayog', $2, $3, $4::jsonb, now(), now() - ($5::int * interval '1 minute'), $6)`,
      [
        `${tag}${i}`,
        o.id,
        `9${String(Math.floor(rand() * 1e9)).padStart(9, '0')}`,
        JSON.stringify({ name: nameOf() }),
        Math.floor(rand() * 50),
        o.branch_id,
      ],
    );
  }
}

/** The plain scan's answer: every match in list order. */
async function scan(ls: ListScope, search: string): Promise<string[]> {
  const params = [...ls.params];
  const rows = await s.db.query<{ id: string }>(
    `SELECT id FROM applications WHERE ${ls.where}${searchCondition(search, params)} ORDER BY updated_at DESC, id`,
    params,
  );
  return rows.map((r) => r.id);
}

/** The searches: parts of the names as stored (inside a word, across words, changed case), and parts of none. */
async function searches(k: number): Promise<string[]> {
  const names = (await s.db.query<{ n: string }>(`SELECT data->>'name' AS n FROM applications WHERE data->>'name' IS NOT NULL`)).map(
    (r) => r.n,
  );
  const out = ['shmi', 'RASHMI', 'esh Yad', 'patil', 'पाटील', "d'sou", 'ary-an', 'zzzq', 'a%b', 'hmi  ', ' Khan'];
  out.push('hm', 'Qz', 'ä', 'क', 'esh\u0085Yad', 'r\u00a0Men', 'ab\tKh', 'äbel', 'ÄRGER', 'ककक', 'Patil Pat', 'Ram कक', 'il Yadav', '\\');
  while (out.length < k) {
    const n = pick(names);
    const from = Math.floor(rand() * n.length);
    const part = n.slice(from, from + 3 + Math.floor(rand() * 8));
    out.push(rand() < 0.3 ? part.toUpperCase() : rand() < 0.5 ? part.toLowerCase() : part);
  }
  return out;
}

async function pagesOf(ls: ListScope, search: string, byCursor: boolean): Promise<string[]> {
  const words = await nameWords(s.db, 'sahayog', search);
  const ids: string[] = [];
  let after: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const rows = await listPage(s.db, ls, { page, size: 7, search, after: byCursor ? after : null, words });
    ids.push(...rows.map((r) => r.id));
    if (rows.length < 7) break;
    after = rows[rows.length - 1]!.cursor;
  }
  return ids;
}

async function checkAll(k: number) {
  const scopes: ListScope[] = [
    scopeWhere('sahayog', { role: 'HEAD_OFFICE', branchId: 'HO', userId: 0 }),
    scopeWhere('sahayog', { role: 'REVIEW', branchId: 'B1', userId: 0 }),
    scopeWhere('sahayog', { role: 'INITIATING_OFFICER', branchId: officers[0]!.branch_id, userId: officers[0]!.id }),
  ];
  let byWords = 0;
  for (const search of await searches(k)) {
    for (const ls of scopes) {
      const want = await scan(ls, search);
      const count = await countApplications(s.db, ls, search);
      if (await nameWords(s.db, 'sahayog', search)) byWords += 1;
      expect({ search, n: count.n, capped: count.capped }).toEqual({
        search,
        n: Math.min(want.length, SEARCH_COUNT_CAP),
        capped: want.length > SEARCH_COUNT_CAP,
      });
      // The route's call: the count and a page in one statement where it can, the same answer either way.
      for (const page of [0, 2, Math.ceil(want.length / 7)]) {
        const r = await listWithCount(s.db, ls, { page, size: 7, search, after: null });
        expect({ search, page, n: r.total.n, ids: r.rows.map((x) => x.id) }).toEqual({
          search,
          page,
          n: count.n,
          ids: want.slice(page * 7, page * 7 + 7),
        });
      }
      expect({ search, ids: await pagesOf(ls, search, true) }).toEqual({ search, ids: want });
      expect({ search, ids: await pagesOf(ls, search, false) }).toEqual({ search, ids: want });
    }
  }
  return byWords;
}

beforeAll(async () => {
  s = await makeTestServer();
  officers = await s.db.query<{ id: number; branch_id: string }>(
    `SELECT id, branch_id FROM users WHERE tenant_id='sahayog' AND branch_id IN ('B1', 'B2') ORDER BY id`,
  );
  expect(officers.length).toBeGreaterThan(0);
  await insertApps(260, 'words-a');
  for (const [i, name] of LONG.entries())
    await s.db.query(
      `INSERT INTO applications (id, tenant_id, owner_user_id, phone, data, created_at, updated_at, branch_id)
       VALUES (md5($1), 'sahayog', $2, '9000000000', $3::jsonb, now(), now(), $4)`,
      [`long${i}`, officers[0]!.id, JSON.stringify({ name }), officers[0]!.branch_id],
    );
}, 120_000);
afterAll(async () => {
  await s.close();
});

describe('search by the names’ words', () => {
  it('answers as the scan does: counts, pages by number and by cursor, in every scope', async () => {
    // Most searches must go through the words, or this compares the scan with itself.
    const byWords = await checkAll(40);
    expect(byWords).toBeGreaterThan(90);
  }, 240_000);

  it('keeps answering as the scan does after names, list positions, branches and owners change', async () => {
    await s.db.query(
      `UPDATE applications SET data = jsonb_set(data, '{name}', to_jsonb('Rashmi Kulkarni ' || substr(id, 1, 4))) WHERE tenant_id='sahayog' AND id IN (SELECT id FROM applications WHERE tenant_id='sahayog' ORDER BY id LIMIT 40)`,
    );
    await s.db.query(
      `UPDATE applications SET updated_at = now() + interval '1 hour' WHERE tenant_id='sahayog' AND id IN (SELECT id FROM applications WHERE tenant_id='sahayog' ORDER BY id DESC LIMIT 30)`,
    );
    await s.db.query(
      `UPDATE applications SET branch_id = CASE WHEN branch_id='B1' THEN 'B2' ELSE 'B1' END WHERE tenant_id='sahayog' AND id IN (SELECT id FROM applications WHERE tenant_id='sahayog' ORDER BY md5(id) LIMIT 30)`,
    );
    await s.db.query(
      `DELETE FROM application_events WHERE tenant_id='sahayog' AND application_id IN (SELECT id FROM applications WHERE tenant_id='sahayog' ORDER BY md5(id || 'x') LIMIT 10)`,
    );
    await s.db.query(
      `DELETE FROM applications WHERE tenant_id='sahayog' AND id IN (SELECT id FROM applications WHERE tenant_id='sahayog' ORDER BY md5(id || 'x') LIMIT 10)`,
    );
    await insertApps(SEARCH_COUNT_CAP, 'words-b');
    expect(await checkAll(20)).toBeGreaterThan(40);
  }, 240_000);
});
