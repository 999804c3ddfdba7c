// The application list at scale, answered the same on PGlite and PostgreSQL: pages by cursor give the same rows as
// pages by number, in list order, each once; counts come from counters the writes keep; the search finds a mobile, an
// application id or a tracker id by its start and a name by any part, and a search matching more than the cap tells
// the cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, SEARCH_WALK_ROWS } from '../services/application-list';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';
import { LIST_QUERY_MSG } from './applications';

let s: TestServer;
const t: Record<string, string> = {};
const NAMES = ['Sunita Patil', 'Ramesh Yadav', 'Lakshmi Iyer', 'Imran Khan', 'Kavita Patil'];
const idOf = (i: number) => `${(0xa000 + i).toString(16)}${'0'.repeat(28)}`;
const phoneOf = (i: number) => `98${String(70_000_000 + i * 1_111).padStart(8, '0')}`;

type Page = { list: { id: string }[]; total_elements: number; total_pages: number; next_after: string | null; total_capped: boolean };
const list = async (who: string, query: string): Promise<Page> => {
  const r = await call(s.app, 'GET', `/v1/app/mfi?${query}`, { token: t[who] });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

/** The scope's ids in list order, asked of the database directly. */
const expected = async (where: string, params: unknown[]) =>
  (
    await s.db.query<{ id: string }>(
      `SELECT id FROM applications WHERE tenant_id='sahayog' AND ${where} ORDER BY updated_at DESC, id`,
      params,
    )
  ).map((r) => r.id);

beforeAll(async () => {
  s = await makeTestServer();
  for (const m of ['01', '02', '11', '14']) t[m] = await signIn(s.app, `90000000${m}`);
  for (let i = 0; i < 23; i += 1) {
    const who = i % 4 === 3 ? '11' : '01';
    const r = await call(s.app, 'PUT', `/v1/app/mfi/${idOf(i)}`, {
      token: t[who],
      json: { phone: phoneOf(i), name: `${NAMES[i % 5]} ${i}` },
    });
    expect(r.status).toBe(201);
  }
  // Several rows with one updated_at: the id orders them, and a cursor must not skip or repeat one of them.
  await s.db.query(`UPDATE applications SET updated_at = '2026-01-02T03:04:05.123456Z' WHERE tenant_id='sahayog' AND id LIKE 'a00%'`);
});
afterAll(async () => {
  await s.close();
});

async function walk(who: string, size: number, byCursor: boolean): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  for (let page = 0; page < 20; page += 1) {
    const p: Page = await list(who, `size=${size}&page=${page}${byCursor && after ? `&after=${after}` : ''}`);
    ids.push(...p.list.map((a) => a.id));
    if (p.list.length < size) {
      expect(p.next_after).toBeNull();
      break;
    }
    after = p.next_after;
  }
  return ids;
}

describe('pages', () => {
  it.each([
    ['the officer', '01', `owner_user_id=(SELECT id FROM users WHERE tenant_id='sahayog' AND mobile='9000000001')`],
    ['the branch reviewer', '02', `branch_id='B1'`],
    ['the head office', '14', 'true'],
  ])('%s: by cursor and by number, every row once in list order', async (_, who, where) => {
    const want = await expected(where, []);
    expect(want.length).toBeGreaterThan(5);
    expect(await walk(who, 4, true)).toEqual(want);
    expect(await walk(who, 4, false)).toEqual(want);
  });

  it('refuses a cursor that is not one', async () => {
    for (const bad of ['x', '2026-01-02T03:04:05.123456Z_zz', `2026-01-02T03:04:05Z_${idOf(1)}`]) {
      const r = await call(s.app, 'GET', `/v1/app/mfi?after=${encodeURIComponent(bad)}`, { token: t['01'] });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(LIST_QUERY_MSG.page);
    }
  });
});

describe('counts', () => {
  const count = async (who: string) => (await call(s.app, 'GET', '/v1/app/mfi/count', { token: t[who] })).body.data.count as number;

  it('follow inserts, moves between branches and deletes', async () => {
    const truth = async () => ({
      '01': (await expected(`owner_user_id=(SELECT id FROM users WHERE tenant_id='sahayog' AND mobile='9000000001')`, [])).length,
      '02': (await expected(`branch_id='B1'`, [])).length,
      '14': (await expected('true', [])).length,
    });
    const check = async () => {
      const want = await truth();
      for (const who of ['01', '02', '14'] as const) {
        expect(await count(who)).toBe(want[who]);
        expect((await list(who, 'size=5')).total_elements).toBe(want[who]);
      }
    };
    await check();
    await s.db.query(`UPDATE applications SET branch_id='B2' WHERE tenant_id='sahayog' AND id=$1`, [idOf(0)]);
    await check();
    await s.db.query(`DELETE FROM application_events WHERE tenant_id='sahayog' AND application_id=$1`, [idOf(1)]);
    await s.db.query(`DELETE FROM applications WHERE tenant_id='sahayog' AND id=$1`, [idOf(1)]);
    await check();
    expect(await count('02')).toBeLessThan((await expected('true', [])).length);
  });
});

describe('search', () => {
  const ids = async (who: string, q: string) =>
    (await list(who, `size=100&search_by=${encodeURIComponent(q)}`)).list.map((a) => a.id).sort();

  it('finds a mobile, an id and a tracker id by their start, in either case', async () => {
    expect(await ids('14', phoneOf(4).slice(0, 8))).toContain(idOf(4));
    expect(await ids('14', phoneOf(4))).toEqual([idOf(4)]);
    expect(await ids('14', idOf(7).slice(0, 6).toUpperCase())).toEqual([idOf(7)]);
    const [row] = await s.db.query<{ tracker_id: string }>(`SELECT tracker_id FROM applications WHERE id=$1`, [idOf(9)]);
    expect(await ids('14', row!.tracker_id.slice(0, 9).toLowerCase())).toEqual([idOf(9)]);
  });

  it('finds a name by any part, and a mobile not by its middle', async () => {
    const patil = (await s.db.query<{ id: string }>(`SELECT id FROM applications WHERE data->>'name' ILIKE '%patil%'`))
      .map((r) => r.id)
      .sort();
    expect(patil.length).toBeGreaterThan(3);
    expect(await ids('14', 'PATIL')).toEqual(patil);
    expect(await ids('14', 'ati')).toEqual(patil);
    expect(await ids('14', phoneOf(4).slice(3, 9))).toEqual([]);
    expect(await ids('14', '%')).toEqual([]);
    expect(await ids('14', '_')).toEqual([]);
  });

  it('tells at most the cap, and says so', async () => {
    await s.db.query(
      `INSERT INTO applications (id, tenant_id, owner_user_id, phone, data, created_at, updated_at)
       SELECT md5('cap' || g), 'sahayog', (SELECT id FROM users WHERE tenant_id='sahayog' AND mobile='9000000001'), '9111111111',
         '{"name":"Cap Many"}'::jsonb, now(), now() FROM generate_series(1, $1::int) g`,
      [SEARCH_COUNT_CAP + 5],
    );
    const p = await list('14', 'size=10&search_by=Cap%20Many');
    expect(p.total_elements).toBe(SEARCH_COUNT_CAP);
    expect(p.total_capped).toBe(true);
    expect(p.list).toHaveLength(10);
    const few = await list('14', 'size=10&search_by=Lakshmi');
    expect(few.total_capped).toBe(false);
    expect(few.total_elements).toBe((await s.db.query(`SELECT 1 FROM applications WHERE data->>'name' ILIKE '%Lakshmi%'`)).length);
  });

  it('a search with many matches pages as the index does: walking the newest rows first, past them by the index', async () => {
    // 100 matches among the newest rows, then more filler than the walk reads, then 150 older matches: the first ten
    // pages come from the walk, the rest only from the index.
    const insert = (name: string, from: string, n: number, tag: string) =>
      s.db.query(
        `INSERT INTO applications (id, tenant_id, owner_user_id, phone, data, created_at, updated_at)
         SELECT md5($3 || g), 'sahayog', (SELECT id FROM users WHERE tenant_id='sahayog' AND mobile='9000000001'), '9222222222',
           jsonb_build_object('name', $1::text), now(), ${from} - g * interval '1 second' FROM generate_series(1, $2::int) g`,
        [name, n, tag],
      );
    await insert('Walk Many', "now() + interval '1 day'", 100, 'walk-new');
    await insert('Filler Person', 'now()', SEARCH_WALK_ROWS + 50, 'walk-fill');
    await insert('Walk Many', "now() - interval '10 days'", 150, 'walk-old');
    const want = await expected(`data->>'name' ILIKE '%Walk Many%'`, []);
    expect(want).toHaveLength(250);
    const got: string[] = [];
    for (let page = 0; page < 25; page += 1) {
      const p = await list('14', `page=${page}&size=10&search_by=walk%20many`);
      expect(p.total_capped).toBe(true);
      got.push(...p.list.map((a) => a.id));
    }
    expect(got).toEqual(want);
  });
});
