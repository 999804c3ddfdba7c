// The servers a load run drives, in one of two shapes:
// - 'pair': two app instances in this process on one database (a PGlite shared in memory, or one Postgres
//   database through two pools) and one directory file store; each attempt picks an instance at random.
// - 'cluster': two instances started from the environment as `npm run serve` starts them (server/instance.ts),
//   each with its own data directory, on one PostgreSQL database, sharing files through PostgreSQL or an S3
//   server; every request goes through a round-robin proxy. What several machines behind a load balancer do.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { createApp } from '../server/app';
import { makeConfig, type ServerConfig } from '../server/config';
import type { Db } from '../server/db/db';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { openTestDb } from '../server/db/test-db';
import { openInstance } from '../server/instance';
import { silentLogger } from '../server/logger';
import type { FaultInjector } from '../server/middleware/fault-injection';
import { createDirFileStore, type FileStore } from '../server/storage/file-store';
import { startTestS3 } from '../server/storage/test-s3-server';
import { startRoundRobinProxy } from './round-robin-proxy';

export type ClusterOptions = {
  shape: 'pair' | 'cluster';
  /** The cluster's shared store (the pair always uses one directory). */
  store: 'postgres' | 's3';
  poolSize: number;
  config: Partial<ServerConfig>;
  faults: FaultInjector;
  databaseUrl?: string;
};

export type Cluster = {
  dbKind: 'pglite' | 'postgres';
  store: FileStore['kind'];
  /** A connection for the checks after the run. */
  db: Db;
  /** Each instance's own address (…/api/main), for reading back from every instance. */
  instances: string[];
  /** Where a device sends a request. */
  entry(rnd: () => number): string;
  /** Requests the proxy sent to each instance (cluster shape). */
  proxied: number[] | null;
  /** Each instance's health check answer before the run (cluster shape). */
  health: number[] | null;
  close(): Promise<void>;
};

async function listen(app: ReturnType<typeof createApp>): Promise<{ server: ServerType; base: string }> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const closeServer = (s: ServerType) => new Promise<void>((r) => s.close(() => r()));

export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  return o.shape === 'pair' ? startPair(o) : startShared(o);
}

async function startPair(o: ClusterOptions): Promise<Cluster> {
  const testDb = await openTestDb(o.databaseUrl, { seeded: true, poolSize: o.poolSize });
  await migrate(testDb.db);
  await seed(testDb.db);
  const second = await testDb.connect();
  const fileDir = await mkdtemp(join(tmpdir(), 'flo-load-'));
  const files = createDirFileStore(fileDir);
  const config = makeConfig(o.config);
  const up = await Promise.all(
    [testDb.db, second].map((db) => listen(createApp({ db, files, config, log: silentLogger, faults: o.faults }))),
  );
  const instances = up.map((u) => `${u.base}/api/main`);
  return {
    dbKind: testDb.kind,
    store: 'dir',
    db: testDb.db,
    instances,
    proxied: null,
    health: null,
    entry: (rnd) => instances[Math.floor(rnd() * instances.length)]!,
    async close() {
      for (const u of up) await closeServer(u.server);
      await testDb.drop();
      await rm(fileDir, { recursive: true, force: true });
    },
  };
}

async function startShared(o: ClusterOptions): Promise<Cluster> {
  const url = o.databaseUrl ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('the cluster shape needs PostgreSQL: set TEST_DATABASE_URL (scripts/test-postgres.sh)');
  const testDb = await openTestDb(url, { poolSize: 4 });
  const s3 = o.store === 's3' ? await startTestS3() : null;
  const dirs: string[] = [];
  const start = async (name: string) => {
    const dataDir = await mkdtemp(join(tmpdir(), `flo-load-${name}-`));
    dirs.push(dataDir);
    const env = {
      DATABASE_URL: testDb.url,
      DATA_DIR: dataDir,
      FILE_STORE_DIR: join(dataDir, 'files'),
      DIST_DIR: join(dataDir, 'no-dist'),
      ...s3?.env,
    };
    return openInstance(env, silentLogger, { config: o.config, app: { faults: o.faults }, poolSize: o.poolSize });
  };
  const started = await Promise.all([start('a'), start('b')]);
  const up = await Promise.all(started.map((i) => listen(i.app)));
  const proxy = await startRoundRobinProxy(up.map((u) => u.base));
  // What a load balancer asks before it sends an instance traffic.
  const health = await Promise.all(up.map(async (u) => (await fetch(`${u.base}/api/main/health`)).status));
  return {
    dbKind: 'postgres',
    store: started[0]!.files.kind,
    db: testDb.db,
    proxied: proxy.sent,
    health,
    instances: up.map((u) => `${u.base}/api/main`),
    entry: () => `${proxy.url}/api/main`,
    async close() {
      await proxy.close();
      for (const u of up) await closeServer(u.server);
      for (const i of started) await i.close();
      await testDb.drop();
      await s3?.close();
      for (const d of dirs) await rm(d, { recursive: true, force: true });
    },
  };
}

export async function databaseBytes(db: Db): Promise<number> {
  const [total] = await db.query<{ bytes: number }>('SELECT pg_database_size(current_database())::bigint AS bytes');
  return total?.bytes ?? 0;
}

/** The database's size after the run: whole, what the run added per application created, and what fills it. */
export async function databaseSize(db: Db, applications: number, before: number) {
  const total = await databaseBytes(db);
  const tables = await db.query<{ name: string; bytes: number }>(
    `SELECT c.relname AS name, pg_total_relation_size(c.oid)::bigint AS bytes FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'
     ORDER BY 2 DESC LIMIT 8`,
  );
  const per = (b: number) => Math.round(b / Math.max(1, applications));
  // The uploaded bytes themselves, to tell them from what storing them costs (rows, TOAST, deleted parts).
  const [files] = await db.query<{ bytes: number }>('SELECT coalesce(sum(size), 0)::bigint AS bytes FROM files');
  return {
    file_bytes_per_application: per(files?.bytes ?? 0),
    before_run_bytes: before,
    total_bytes: total,
    added_per_application_bytes: per(total - before),
    largest_tables_per_application_bytes: Object.fromEntries(tables.map((t) => [t.name, per(t.bytes)])),
  };
}
