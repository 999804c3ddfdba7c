// What the per-tenant change counter costs writers. Every write to an application is numbered from its tenant's counter
// row; since migration 021 the number is taken at commit (server/db/migrations/021-change-numbers-at-commit.ts), before
// it at the first write, holding the row for the rest of the transaction so a tenant's writers ran one at a time.
// 16 writers for 8 s, each transaction an application update followed by 5 ms of further work inside it (the events,
// idempotency and access-log writes a route does after the write): all in one tenant, spread over four tenants, in one
// tenant with the stamp trigger off (no counter), and in one tenant numbered at the first write as before 021. Writes
// the `counter` part of bench/results/scale-feed.json.
// Usage: TEST_DATABASE_URL=postgres://…/postgres tsx bench/scale-feed-counter.ts
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import pg from 'pg';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { openTestDb } from '../server/db/test-db';

const RESULT = 'bench/results/scale-feed.json';
const WORKERS = 16;
const SECONDS = 8;
const WORK_MS = 5;
const t = await openTestDb(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL, { poolSize: 2 });
await migrate(t.db);
await seed(t.db);
const tenants = (await t.db.query<{ tenant_id: string }>('SELECT tenant_id FROM tenants ORDER BY tenant_id')).map((r) => r.tenant_id);
await t.db.query(
  `INSERT INTO applications (id, tenant_id, owner_user_id, phone, status, stages, data, created_at, updated_at, origin, branch_id)
   SELECT tn || '-' || g, tn, (SELECT id FROM users u WHERE u.tenant_id = tn AND mobile = '9000000001'), '98' || lpad(g::text, 8, '0'),
     'DRAFT', '{}', '{}', now(), now(), 'staff', 'B1'
   FROM unnest($1::text[]) tn, generate_series(1, 200) g`,
  [tenants],
);
const pool = new pg.Pool({ connectionString: t.url, max: WORKERS });

async function scenario(tenantOf: (w: number) => string) {
  const end = performance.now() + SECONDS * 1000;
  const ms: number[] = [];
  const [{ deadlocks: d0 }] = (await pool.query('SELECT deadlocks::int FROM pg_stat_database WHERE datname = current_database()')).rows;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      const c = await pool.connect();
      try {
        while (performance.now() < end) {
          const t0 = performance.now();
          await c.query('BEGIN');
          await c.query('UPDATE applications SET updated_at = now() WHERE tenant_id=$1 AND id=$2', [
            tenantOf(w),
            `${tenantOf(w)}-${1 + Math.floor(Math.random() * 200)}`,
          ]);
          await c.query(`SELECT pg_sleep(${WORK_MS / 1000})`);
          await c.query('COMMIT');
          ms.push(performance.now() - t0);
        }
      } finally {
        c.release();
      }
    }),
  );
  const [{ deadlocks: d1 }] = (await pool.query('SELECT deadlocks::int FROM pg_stat_database WHERE datname = current_database()')).rows;
  ms.sort((a, b) => a - b);
  return {
    writes_per_s: Math.round(ms.length / SECONDS),
    p50_ms: Number(ms[Math.floor(ms.length / 2)]!.toFixed(1)),
    p95_ms: Number(ms[Math.floor(ms.length * 0.95)]!.toFixed(1)),
    deadlocks: d1 - d0,
  };
}

const load = Number(loadavg()[0]!.toFixed(1));
const oneTenant = await scenario(() => tenants[0]!);
const fourTenants = await scenario((w) => tenants[w % tenants.length]!);
await t.db.exec('ALTER TABLE applications DISABLE TRIGGER applications_stamp');
const noCounter = await scenario(() => tenants[0]!);
await t.db.exec('ALTER TABLE applications ENABLE TRIGGER applications_stamp');
// The numbering before migration 021, on the same data in the same run: the number taken at the write itself.
await t.db.exec(`DROP TRIGGER applications_number ON applications;
CREATE OR REPLACE FUNCTION applications_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.change_seq := next_change_seq(NEW.tenant_id); RETURN NEW; END $$;`);
const atFirstWrite = await scenario(() => tenants[0]!);
await pool.end();
await t.drop();

const counter = {
  date: new Date().toISOString(),
  machine: `PostgreSQL 15 on loopback (fsync off), a shared 2-core machine (load average ${load})`,
  writers: WORKERS,
  seconds: SECONDS,
  work_in_transaction_after_write_ms: WORK_MS,
  numbered: 'at commit (migration 021)',
  one_tenant: oneTenant,
  four_tenants: fourTenants,
  one_tenant_without_counter: noCounter,
  one_tenant_numbered_at_first_write: atFirstWrite,
  serialised_share: Number((oneTenant.writes_per_s / Math.max(1, noCounter.writes_per_s)).toFixed(2)),
};
const prior = existsSync(RESULT) ? (JSON.parse(readFileSync(RESULT, 'utf8')) as Record<string, unknown>) : {};
await writeFile(RESULT, `${JSON.stringify({ ...prior, counter }, null, 2)}\n`);
console.log(JSON.stringify(counter, null, 2));
