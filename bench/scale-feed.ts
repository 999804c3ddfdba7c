// The change feed at lender scale: 1,000,000 applications of one tenant in PostgreSQL over two branches (seeded by
// SQL, each with its own change number), then GET /v1/sync/changes through the real createApp in process, for the
// officer (owner scope), the branch's reviewer (branch scope) and the head office (the tenant): a pull that finds
// nothing (the cursor at the newest number), and a pull behind 20,000 changes of the other branch with 10 of its own.
// Writes the `pull` part of bench/results/scale-feed.json (bench/scale-feed-burst.ts writes the burst part).
// Usage: BENCH_DATABASE_URL=postgres://…/postgres tsx bench/scale-feed.ts [--apps 1000000] [--runs 200]
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '../server/app';
import { makeConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { openPostgresDb } from '../server/db/postgres-db';
import { seed } from '../server/db/seed';
import { silentLogger } from '../server/logger';
import { createSession } from '../server/services/sessions';
import { createDirFileStore } from '../server/storage/file-store';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const APPS = arg('--apps', 1_000_000);
const RUNS = arg('--runs', 200);
const BEHIND = 20_000;
const TARGET_EMPTY_MS = 10;
const TENANT = 'sahayog';
const NAME = 'flo_bench_scale_feed';
export const RESULT = 'bench/results/scale-feed.json';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL admin URL');
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
if (process.argv.includes('--reseed')) await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname=$1', [NAME])).rowCount) await admin.query(`CREATE DATABASE ${NAME}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${NAME}`;
const db = await openPostgresDb(url.toString(), { max: 4 });
await migrate(db);
await seed(db);

const userId = async (mobile: string) =>
  (await db.query<{ id: number }>('SELECT id FROM users WHERE tenant_id=$1 AND mobile=$2', [TENANT, mobile]))[0]!.id;
const officerB1 = await userId('9000000001');
const officerB2 = await userId('9000000011');

// Half in each branch, each its officer's; numbered as the stamp trigger would, which the seed switches off (one
// counter update per row would make the seed itself the burst).
const [{ n: have }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM applications WHERE tenant_id=$1', [TENANT])) as [
  { n: number },
];
let seedMs: number | null = null;
if (have < APPS) {
  const t0 = performance.now();
  for (let from = have; from < APPS; from += 250_000) {
    const n = Math.min(250_000, APPS - from);
    await db.tx(async (q) => {
      await q.exec('SET LOCAL session_replication_role = replica');
      await q.query(
        `INSERT INTO applications (id, tenant_id, owner_user_id, phone, status, stages, data, created_at, updated_at, origin, branch_id, change_seq)
         SELECT 'seedapp-' || g, $1, CASE WHEN g % 2 = 0 THEN $2::int ELSE $3::int END, '98' || lpad(g::text, 8, '0'), 'DRAFT', '{}',
           jsonb_build_object('name', 'Borrower ' || g, 'amount_requested', 25000 + (g % 16) * 5000),
           now(), now(), 'staff', CASE WHEN g % 2 = 0 THEN 'B1' ELSE 'B2' END, g
         FROM generate_series($4::int + 1, $4::int + $5::int) g`,
        [TENANT, officerB1, officerB2, from, n],
      );
    });
  }
  await db.query(
    `INSERT INTO change_counters (tenant_id, value) SELECT $1, max(change_seq) FROM applications WHERE tenant_id=$1
     ON CONFLICT (tenant_id) DO UPDATE SET value = excluded.value`,
    [TENANT],
  );
  await db.exec('ANALYZE applications');
  seedMs = Math.round(performance.now() - t0);
}

const app = createApp({
  db,
  files: createDirFileStore(await mkdtemp(join(tmpdir(), 'flo-scale-feed-'))),
  config: makeConfig({}),
  log: silentLogger,
});
const token = async (mobile: string) =>
  createSession(db, { tenantId: TENANT, kind: 'staff', userId: await userId(mobile), mobile, ttlS: 3600, now: new Date() });
type Page = { data: { changes: { application_id: string }[]; cursor: string; has_more: boolean } };
async function pull(tok: string, since: string, limit = 50): Promise<{ ms: number; page: Page['data'] }> {
  const t0 = performance.now();
  const res = await app.fetch(
    new Request(`http://${TENANT}.localhost/api/main/v1/sync/changes?since=${since}&limit=${limit}`, { headers: { token: tok } }),
  );
  const body = (await res.json()) as Page;
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`pull ${res.status} ${JSON.stringify(body)}`);
  return { ms, page: body.data };
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!.toFixed(2));
};
const newest = async () => (await db.query<{ value: number }>('SELECT value FROM change_counters WHERE tenant_id=$1', [TENANT]))[0]!.value;

const roles = { officer: '9000000001', reviewer: '9000000002', head_office: '9000000014' } as const;
const empty: Record<string, unknown> = {};
const behind: Record<string, unknown> = {};
for (const [role, mobile] of Object.entries(roles)) {
  const tok = await token(mobile);
  // A cursor of another scope answers with this scope's key (and a reset): the one-row page gives it cheaply.
  const key = (await pull(tok, '0.000000000000', 1)).page.cursor.split('.')[1]!;
  const top = await newest();
  for (let i = 0; i < 10; i++) await pull(tok, `${top}.${key}`);
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await pull(tok, `${top}.${key}`);
    if (r.page.changes.length) throw new Error('an empty pull found changes');
    ms.push(r.ms);
  }
  empty[role] = { runs: RUNS, p50_ms: pct(ms, 50), p95_ms: pct(ms, 95), max_ms: pct(ms, 100) };
}

// 20,000 changes in the other branch, 10 in the officer's own, since the cursor: the branch and owner ranges skip the rest.
const before = await newest();
await db.query(
  `UPDATE applications SET updated_at = now() WHERE tenant_id=$1 AND id IN (
  SELECT 'seedapp-' || (2 * g + 1) FROM generate_series(1, $2::int) g)`,
  [TENANT, BEHIND],
);
await db.query(
  `UPDATE applications SET updated_at = now() WHERE tenant_id=$1 AND id IN (
  SELECT 'seedapp-' || (2 * g) FROM generate_series(1, 10) g)`,
  [TENANT],
);
for (const role of ['officer', 'reviewer'] as const) {
  const tok = await token(roles[role]);
  const key = (await pull(tok, '0.000000000000', 1)).page.cursor.split('.')[1]!;
  const ms: number[] = [];
  let found = 0;
  for (let i = 0; i < 30; i++) {
    const r = await pull(tok, `${before}.${key}`);
    ms.push(r.ms);
    found = r.page.changes.length;
  }
  behind[role] = { runs: 30, changes_found: found, p50_ms: pct(ms, 50), p95_ms: pct(ms, 95) };
}
// The feed query's own time in the database for an empty pull of the branch (EXPLAIN ANALYZE's execution time):
// what is left once a client's wait for a CPU on the shared machine is taken out.
const top = await newest();
const execMs: number[] = [];
for (let i = 0; i < 100; i++) {
  const lines = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, TIMING OFF) SELECT id AS application_id, change_seq, false AS exit FROM applications
       WHERE tenant_id=$1 AND change_seq > $2 AND branch_id=$3
     UNION ALL SELECT application_id, change_seq, true FROM application_scope_exits WHERE tenant_id=$1 AND change_seq > $2 AND branch_id=$3
     ORDER BY change_seq, exit LIMIT 51`,
    [TENANT, top, 'B1'],
  );
  const ex = lines.map((l) => /Execution Time: ([\d.]+)/.exec(l['QUERY PLAN'])?.[1]).find(Boolean);
  if (ex) execMs.push(Number(ex));
}
const plan = (
  await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS) SELECT id, change_seq FROM applications WHERE tenant_id=$1 AND change_seq > $2 AND branch_id=$3
     ORDER BY change_seq LIMIT 51`,
    [TENANT, before, 'B1'],
  )
).map((r) => r['QUERY PLAN']);
const [{ total }] = (await db.query<{ total: number }>('SELECT count(*)::int AS total FROM applications WHERE tenant_id=$1', [TENANT])) as [
  { total: number },
];
await db.close();

const worstEmpty = Math.max(...Object.values(empty).map((e) => (e as { p95_ms: number }).p95_ms));
const prior = existsSync(RESULT) ? (JSON.parse(readFileSync(RESULT, 'utf8')) as Record<string, unknown>) : {};
const pullResult = {
  date: new Date().toISOString(),
  machine:
    'PostgreSQL 15 on loopback (fsync off), createApp in process (auth, scope, feed, access log), one client, a shared 2-core machine',
  load_average_1m: Number(loadavg()[0]!.toFixed(1)),
  applications: total,
  seed_ms: seedMs,
  empty_pull: empty,
  empty_pull_p95_ms: worstEmpty,
  feed_query_db_execution: { queries: execMs.length, p50_ms: pct(execMs, 50), p95_ms: pct(execMs, 95) },
  target_ms: TARGET_EMPTY_MS,
  pass: worstEmpty <= TARGET_EMPTY_MS,
  behind_other_branch: { other_branch_changes: BEHIND, own_changes: 10, ...behind },
  plan_branch_scope: plan,
};
await writeFile(RESULT, `${JSON.stringify({ ...prior, pull: pullResult }, null, 2)}\n`);
console.log(JSON.stringify({ ...pullResult, plan_branch_scope: undefined }, null, 2));
