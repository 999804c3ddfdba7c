// Lender-scale fixtures in PostgreSQL: `npm run bench:scale-seed -- --apps 1000000` makes database flo_scale_<apps>
// afresh on the cluster at SCALE_PG_URL (default: the bench cluster on 127.0.0.1:54341), migrates it with the
// project's own migrations, seeds the fixtures' tenants and staff, then loads by SQL (bench/scale-seed-sql.ts):
// branches and officers, the applications in the roles' states, co-applicants, 3 events each, 10 file rows each
// (one of them a photo with its hash, bench/scale-seed-photos.ts). Secondary indexes are dropped before the load and
// built after it (one sort each instead of a million page splits); triggers are off during the load (the change
// numbers and the per-scope counts are set in bulk instead). Prints and records the time of each step.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { migrate } from '../server/db/migrate';
import { openPostgresDb } from '../server/db/postgres-db';
import { seed } from '../server/db/seed';
import { DEFAULT_TENANT_ID } from '../server/fixtures/tenants';
import { seedApplications, seedCoApplicants, seedDocuments, seedEvents, seedOffices, type ScaleShape } from './scale-seed-sql';
import { seedPhotoHashes } from './scale-seed-photos';

export const SCALE_PG_URL = process.env.SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:54341/postgres';
export const scaleDbUrl = (apps: number) => SCALE_PG_URL.replace(/\/[^/]*$/, `/flo_scale_${apps}`);
const LOADED = ['applications', 'application_events', 'co_applicants', 'files'];

export function shapeOf(apps: number): ScaleShape {
  // Ten branches; an officer carries about 2,000 applications a year (never fewer than 20 officers).
  return { tenantId: DEFAULT_TENANT_ID, apps, branches: 10, officers: Math.max(20, Math.round(apps / 2000)), filesPerApp: 10 };
}

async function main() {
  const i = process.argv.indexOf('--apps');
  const apps = i > 0 ? Number(process.argv[i + 1]) : 10_000;
  if (!Number.isInteger(apps) || apps < 100) throw new Error('--apps must be a whole number ≥ 100');
  const admin = new pg.Client({ connectionString: SCALE_PG_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS flo_scale_${apps} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE flo_scale_${apps}`);
  await admin.end();

  const db = await openPostgresDb(scaleDbUrl(apps), { max: 2 });
  const steps: Record<string, number> = {};
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    steps[name] = Math.round(performance.now() - t0);
    console.log(`${name}: ${(steps[name] / 1000).toFixed(1)} s`);
  };
  const s = shapeOf(apps);
  await step('migrate+fixtures', async () => {
    await migrate(db);
    await seed(db);
  });
  await db.tx(async (q) => {
    // Triggers (change numbers, counts, foreign keys) off for the load: each is made good in bulk below.
    await q.exec(`SET LOCAL session_replication_role = replica; SET LOCAL maintenance_work_mem = '512MB'; SET LOCAL work_mem = '256MB'`);
    const idx = await q.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname='public' AND tablename = ANY($1)
         AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
      [LOADED],
    );
    // The big tables' own primary keys too (nothing references files or events).
    const pks = await q.query<{ tbl: string; name: string; def: string }>(
      `SELECT conrelid::regclass::text AS tbl, conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE contype='p' AND conrelid::regclass::text IN ('files', 'application_events')`,
    );
    // A statistics target set on an index column (indexdef does not carry it) is put back after the rebuild.
    const targets = await q.query<{ name: string; col: number; target: number }>(
      `SELECT c.relname AS name, a.attnum AS col, a.attstattarget AS target FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE c.relname = ANY($1) AND a.attstattarget > 0`,
      [idx.map((x) => x.name)],
    );
    await step('drop indexes', async () => {
      for (const x of idx) await q.exec(`DROP INDEX ${x.name}`);
      for (const p of pks) await q.exec(`ALTER TABLE ${p.tbl} DROP CONSTRAINT ${p.name}`);
    });
    await step('offices', () => seedOffices(q, s));
    await step('applications', () => seedApplications(q, s));
    await step('co_applicants', () => seedCoApplicants(q, s));
    await step('events', () => seedEvents(q, s));
    await step('documents', () => seedDocuments(q, s));
    await step('photos', () => seedPhotoHashes(q, { tenantId: s.tenantId, count: apps, apps }));
    await step('indexes', async () => {
      for (const p of pks) await q.exec(`ALTER TABLE ${p.tbl} ADD CONSTRAINT ${p.name} ${p.def}`);
      for (const x of idx) await q.exec(x.def);
      for (const x of targets) await q.exec(`ALTER INDEX ${x.name} ALTER COLUMN ${x.col} SET STATISTICS ${x.target}`);
    });
    await step('counts', async () => {
      const [has] = await q.query<{ t: string | null }>(`SELECT to_regclass('application_counts')::text AS t`);
      if (!has?.t) return;
      await q.exec(`DELETE FROM application_counts;
        INSERT INTO application_counts (tenant_id, branch_id, owner_user_id, n)
        SELECT tenant_id, branch_id, COALESCE(owner_user_id, 0), count(*) FROM applications GROUP BY 1, 2, 3`);
    });
  });
  await step('vacuum analyze', () => db.exec('VACUUM ANALYZE'));
  const [size] = await db.query<{ db: number; files: number }>(
    `SELECT pg_database_size(current_database()) AS db, (SELECT count(*) FROM files)::int AS files`,
  );
  await db.close();
  const out = 'bench/results/scale-seed.json';
  mkdirSync('bench/results', { recursive: true });
  let prev: Record<string, unknown> = {};
  try {
    prev = JSON.parse(readFileSync(out, 'utf8'));
  } catch {}
  const total = Object.values(steps).reduce((a, b) => a + b, 0);
  const row = {
    ...s,
    file_rows: size?.files,
    photo_hashes: apps,
    db_bytes: size?.db,
    seconds: Math.round(total / 100) / 10,
    steps_ms: steps,
    date: new Date().toISOString(),
  };
  writeFileSync(out, `${JSON.stringify({ ...prev, [String(apps)]: row }, null, 2)}\n`);
  console.log(JSON.stringify(row));
}

if (process.argv[1]?.endsWith('scale-seed.ts')) await main();
