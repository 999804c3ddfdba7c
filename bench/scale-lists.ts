// The application lists at a lender's scale: `npm run bench:scale-lists` against the databases bench:scale-seed made
// (flo_scale_10000, _100000, _1000000 on SCALE_PG_URL's cluster). Each figure is the route's own work (the service
// functions GET /v1/app/mfi and /count call, over a pool of 20 connections) from 20 concurrent clients: a list call is
// its count and its page, as the route makes them. At the largest size the old query shapes (bench/scale-lists-before.ts)
// run too, on the same data, for the before/after ratio. Writes bench/results/scale-lists.json.
// Usage: tsx bench/scale-lists.ts [--sizes 10000,100000,1000000] [--before 1000000] [--per-client 10]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Db } from '../server/db/db';
import { migrate } from '../server/db/migrate';
import { openPostgresDb } from '../server/db/postgres-db';
import { CURSOR_SQL, countApplications, type ListScope, listWithCount, scopeWhere } from '../server/services/application-list';
import type { StaffScope } from '../server/services/staff-scope';
import { NEW_INDEXES, oldCount, oldList, planOf, withOldIndexes } from './scale-lists-before';
import { scaleDbUrl, shapeOf } from './scale-seed';
import { mobileOf } from './scale-seed-sql';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const SIZES = arg('sizes', '10000,100000,1000000').split(',').map(Number);
const BEFORE = Number(arg('before', '1000000'));
const PER_CLIENT = Number(arg('per-client', '10'));
const CLIENTS = 20;
const SIZE = 10;
const TARGET_MS = 50;
const NAME_PARTS = ['Patil', 'shmi', 'kulkarni', 'esh Yad', 'Begum'];

type Stat = { p50: number; p95: number; mean: number; n: number };
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

/**
 * `CLIENTS` clients each making `per` calls one after another; the latency of every call. One unrecorded call per
 * client first: the figures are of a server in use, not of its first read of each page from disk.
 */
async function measure(per: number, call: (i: number) => Promise<unknown>): Promise<Stat> {
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => call(i)));
  const ms: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let k = 0; k < per; k += 1) {
        const i = next++;
        const t0 = performance.now();
        await call(i);
        ms.push(performance.now() - t0);
      }
    }),
  );
  ms.sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return { p50: r(pct(ms, 50)), p95: r(pct(ms, 95)), mean: r(ms.reduce((a, b) => a + b, 0) / ms.length), n: ms.length };
}

type Scopes = { officer: ListScope[]; branch: ListScope[]; tenant: ListScope[] };

async function scopesOf(db: Db, tenantId: string): Promise<Scopes> {
  const officers = await db.query<{ id: number; branch_id: string }>(
    `SELECT id, branch_id FROM users WHERE tenant_id=$1 AND mobile LIKE '5%' ORDER BY id LIMIT 20`,
    [tenantId],
  );
  const s = (scope: StaffScope) => scopeWhere(tenantId, scope);
  return {
    officer: officers.map((o) => s({ role: 'INITIATING_OFFICER', branchId: o.branch_id, userId: o.id })),
    branch: Array.from({ length: 10 }, (_, k) => s({ role: 'REVIEW', branchId: `B${k + 1}`, userId: 0 })),
    tenant: [s({ role: 'HEAD_OFFICE', branchId: 'HO', userId: 0 })],
  };
}

const pick = <T>(xs: T[], i: number) => xs[i % xs.length]!;

/** The new route's list call: its count and its page. */
async function newList(db: Db, ls: ListScope, o: { page?: number; search?: string; after?: string | null }) {
  return listWithCount(db, ls, { page: o.page ?? 0, size: SIZE, search: o.search ?? '', after: o.after ?? null });
}

async function runSize(apps: number) {
  const db = await openPostgresDb(scaleDbUrl(apps), { max: CLIENTS });
  await migrate(db);
  await db.exec('ANALYZE applications');
  const { tenantId } = shapeOf(apps);
  const sc = await scopesOf(db, tenantId);
  const [{ n: branchRows } = { n: 0 }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM applications WHERE tenant_id=$1 AND branch_id='B1'`,
    [tenantId],
  );
  const deepPage = (rows: number) => Math.min(10_000, Math.floor(rows / SIZE / 2));
  // The cursor a client holds half way down each branch's list (as if it had paged there with next_after).
  const cursors = await Promise.all(
    sc.branch.map(async (ls) => {
      const [r] = await db.query<{ c: string }>(
        `SELECT ${CURSOR_SQL} AS c FROM applications WHERE ${ls.where} ORDER BY updated_at DESC, id OFFSET ${Math.floor(branchRows / 2)} LIMIT 1`,
        ls.params,
      );
      return r?.c ?? null;
    }),
  );
  const mobiles = [12_345, 67_891, 23_456, 98_765].map((g) => mobileOf(Math.min(g, apps)).slice(0, 6));
  const [trk] = await db.query<{ t: string }>(`SELECT tracker_id AS t FROM applications WHERE tenant_id=$1 LIMIT 1`, [tenantId]);
  const per = PER_CLIENT;
  const after: Record<string, Stat> = {};
  const m = async (name: string, fn: (i: number) => Promise<unknown>) => {
    after[name] = await measure(per, fn);
    console.log(`${apps} ${name}: p50 ${after[name].p50} ms, p95 ${after[name].p95} ms`);
  };
  await m('list_first_officer', (i) => newList(db, pick(sc.officer, i), {}));
  await m('list_first_branch', (i) => newList(db, pick(sc.branch, i), {}));
  await m('list_first_tenant', () => newList(db, sc.tenant[0]!, {}));
  await m('list_deep_cursor_branch', (i) => newList(db, pick(sc.branch, i), { page: 1, after: pick(cursors, i) }));
  await m('list_deep_page_branch', (i) => newList(db, pick(sc.branch, i), { page: deepPage(branchRows) }));
  await m('list_deep_page_tenant', () => newList(db, sc.tenant[0]!, { page: deepPage(apps) }));
  await m('search_name_branch', (i) => newList(db, pick(sc.branch, i), { search: pick(NAME_PARTS, i) }));
  await m('search_name_tenant', (i) => newList(db, sc.tenant[0]!, { search: pick(NAME_PARTS, i) }));
  await m('search_mobile_tenant', (i) => newList(db, sc.tenant[0]!, { search: pick(mobiles, i) }));
  await m('search_tracker_tenant', () => newList(db, sc.tenant[0]!, { search: trk!.t.slice(0, 8).toLowerCase() }));
  await m('count_officer', (i) => countApplications(db, pick(sc.officer, i), ''));
  await m('count_branch', (i) => countApplications(db, pick(sc.branch, i), ''));
  await m('count_tenant', () => countApplications(db, sc.tenant[0]!, ''));

  let before: Record<string, Stat> | null = null;
  let beforePlan = '';
  if (apps === BEFORE) {
    // Fewer calls: each old call takes ~1 s under 20 clients on this machine.
    const perOld = Math.max(2, Math.round(per / 5));
    before = await withOldIndexes(db, async () => {
      const b: Record<string, Stat> = {};
      const t = sc.tenant[0]!;
      beforePlan = await planOf(
        db,
        `SELECT id FROM applications WHERE ${t.where} AND data->>'name' ILIKE $2 ORDER BY updated_at DESC, id LIMIT 10`,
        [...t.params, '%Patil%'],
      );
      if (NEW_INDEXES.some((ix) => beforePlan.includes(ix))) throw new Error(`before phase used a new index:\n${beforePlan}`);
      const o = async (name: string, fn: (i: number) => Promise<unknown>) => {
        b[name] = await measure(perOld, fn);
        console.log(`${apps} BEFORE ${name}: p50 ${b[name].p50} ms, p95 ${b[name].p95} ms`);
      };
      await o('list_first_branch', (i) => oldList(db, pick(sc.branch, i), { page: 0, size: SIZE, search: '' }));
      await o('list_first_tenant', () => oldList(db, t, { page: 0, size: SIZE, search: '' }));
      await o('search_name_tenant', (i) => oldList(db, t, { page: 0, size: SIZE, search: pick(NAME_PARTS, i) }));
      await o('search_mobile_tenant', (i) => oldList(db, t, { page: 0, size: SIZE, search: pick(mobiles, i) }));
      await o('count_tenant', () => oldCount(db, t));
      return b;
    });
  }
  const [size] = await db.query<{ db: number; apps: number }>(
    `SELECT pg_database_size(current_database()) AS db, pg_total_relation_size('applications') AS apps`,
  );
  await db.close();
  return {
    applications: apps,
    load_average_1m: Math.round(loadavg()[0]! * 10) / 10,
    db_bytes: size?.db,
    applications_bytes: size?.apps,
    after,
    before,
    before_plan: beforePlan || undefined,
  };
}

const results = [];
for (const apps of SIZES) results.push(await runSize(apps));
const big = results.find((r) => r.before);
const ratio = (k: string) => (big?.before?.[k] && big.after[k] ? Math.round((big.before[k].p95 / big.after[k].p95) * 10) / 10 : null);
const seedPath = 'bench/results/scale-seed.json';
const out = {
  date: new Date().toISOString(),
  machine: `PostgreSQL 15 (shared_buffers 1 GB, fsync off) and Node on one shared ${cpus().length}-core machine; ${CLIENTS} concurrent clients, pool of ${CLIENTS}; page size ${SIZE}`,
  target_p95_ms: TARGET_MS,
  sizes: results,
  before_after_at: big?.applications ?? null,
  ratio_p95: big
    ? {
        list_first_tenant: ratio('list_first_tenant'),
        list_first_branch: ratio('list_first_branch'),
        search_name_tenant: ratio('search_name_tenant'),
        search_mobile_tenant: ratio('search_mobile_tenant'),
        count_tenant: ratio('count_tenant'),
      }
    : null,
  seed: existsSync(seedPath) ? JSON.parse(readFileSync(seedPath, 'utf8')) : null,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/scale-lists.json', `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out.ratio_p95));
