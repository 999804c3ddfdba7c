import { readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { randomHex, sha256Hex } from '../crypto-utils';
import { BRANCH_STAFF, STAFF } from '../fixtures/staff';
import { TENANTS } from '../fixtures/tenants';
import type { Db } from './db';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations/list';
import { openPgliteDb, wrapPglite } from './pglite-db';
import { openPostgresDb } from './postgres-db';
import { seed } from './seed';

/**
 * A fresh, empty database for one test server: in-memory PGlite by default, or, when `TEST_DATABASE_URL`
 * points at a Postgres server (scripts/test-postgres.sh), a new database created on it and dropped afterwards.
 * `connect()` opens another connection to the same database (a second app instance); on PGlite it shares
 * the one in-memory instance, which is the closest an embedded database gets to "the same database".
 */
export type TestDb = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The new database's address on Postgres (for a server started from DATABASE_URL); undefined on PGlite. */
  url?: string;
  connect(): Promise<Db>;
  drop(): Promise<void>;
};

let created = 0;

// A fresh PGlite runs initdb (~2 s); loading a dumped data directory takes ~0.6 s. The migrated and
// seeded dump is kept in the temp directory, named by what went into it, and shared by all test files.
const pgliteVersion = () => {
  try {
    return (JSON.parse(readFileSync(join('node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return 'unknown';
  }
};
const TEMPLATE = join(
  tmpdir(),
  `flo-pglite-${sha256Hex(JSON.stringify([MIGRATIONS, TENANTS, STAFF, BRANCH_STAFF, pgliteVersion()])).slice(0, 16)}.tar.gz`,
);

async function pgliteTemplate(): Promise<Blob | null> {
  try {
    return new Blob([await readFile(TEMPLATE)], { type: 'application/x-gzip' });
  } catch {
    const db = wrapPglite(new PGlite());
    try {
      await migrate(db);
      await seed(db);
      const bytes = new Uint8Array(await (await db.dump()).arrayBuffer());
      const part = `${TEMPLATE}.${process.pid}.${randomHex(4)}`;
      await writeFile(part, bytes);
      await rename(part, TEMPLATE); // atomic: a parallel worker reads the whole file or none
      return new Blob([bytes], { type: 'application/x-gzip' });
    } catch {
      return null;
    } finally {
      await db.close();
    }
  }
}

async function openSeededPglite(): Promise<Db> {
  const template = await pgliteTemplate();
  if (template) {
    try {
      return await openPgliteDb(undefined, { loadDataDir: template });
    } catch {
      await rm(TEMPLATE, { force: true }); // unreadable (another PGlite version?): rebuilt next time
    }
  }
  return openPgliteDb();
}

/**
 * `seeded`: may start from an already migrated and seeded database (callers still run migrate and seed,
 * which then have little or nothing to do). Without it the database is empty.
 */
export async function openTestDb(
  adminUrl = process.env.TEST_DATABASE_URL,
  opts: { seeded?: boolean; poolSize?: number } = {},
): Promise<TestDb> {
  if (!adminUrl) {
    const db = opts.seeded ? await openSeededPglite() : await openPgliteDb();
    const shared: Db = { ...db, close: async () => undefined };
    return { db, kind: 'pglite', connect: async () => shared, drop: () => db.close() };
  }
  const name = `flo_test_${process.pid}_${++created}_${randomHex(4)}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pools: Db[] = [];
  const connect = async () => {
    const db = await openPostgresDb(url.toString(), { max: opts.poolSize ?? 5 });
    pools.push(db);
    return db;
  };
  const db = await connect();
  return {
    db,
    kind: 'postgres',
    url: url.toString(),
    connect,
    async drop() {
      for (const p of pools) await p.close().catch(() => undefined);
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
