import pg from 'pg';
import { randomHex } from '../crypto-utils';
import type { Db } from './db';
import { openPgliteDb } from './pglite-db';
import { openPostgresDb } from './postgres-db';

/**
 * A fresh, empty database for one test server: in-memory PGlite by default, or, when `TEST_DATABASE_URL`
 * points at a Postgres server (scripts/test-postgres.sh), a new database created on it and dropped afterwards.
 * `connect()` opens another connection to the same database (a second app instance); on PGlite it shares
 * the one in-memory instance, which is the closest an embedded database gets to "the same database".
 */
export type TestDb = {
  db: Db;
  kind: 'pglite' | 'postgres';
  connect(): Promise<Db>;
  drop(): Promise<void>;
};

let created = 0;

export async function openTestDb(adminUrl = process.env.TEST_DATABASE_URL): Promise<TestDb> {
  if (!adminUrl) {
    const db = await openPgliteDb();
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
    const db = await openPostgresDb(url.toString(), { max: 5 });
    pools.push(db);
    return db;
  };
  const db = await connect();
  return {
    db,
    kind: 'postgres',
    connect,
    async drop() {
      for (const p of pools) await p.close().catch(() => undefined);
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
