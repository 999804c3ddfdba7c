import { mkdir, rm } from 'node:fs/promises';
import { settingsFromEnv } from './config';
import { migrate } from './db/migrate';
import { openDb } from './db/open-db';
import { seed } from './db/seed';

/**
 * `npm run reset`: wipes all data (PGlite directory, or every table on Postgres, stored files included) and a
 * file directory, then re-seeds. Objects in an S3 store stay: no row names them any more.
 */
const s = settingsFromEnv();
const fileDir = s.fileStore.kind === 'dir' ? s.fileStore.dir : null;
if (fileDir) await rm(fileDir, { recursive: true, force: true });
if (s.databaseUrl) {
  const db = await openDb({ databaseUrl: s.databaseUrl });
  await migrate(db);
  const tables = await db.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'",
  );
  if (tables.length) await db.exec(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
  await seed(db);
  await db.close();
} else {
  await rm(s.dataDir, { recursive: true, force: true });
  await mkdir(s.dataDir, { recursive: true });
  const db = await openDb({ pgliteDir: `${s.dataDir}/pglite` });
  await migrate(db);
  await seed(db);
  await db.close();
}
if (fileDir) await mkdir(fileDir, { recursive: true });
process.stdout.write(
  `Reset done: ${s.databaseUrl ? 'Postgres tables truncated' : s.dataDir}${fileDir ? ` and ${fileDir}` : ''} re-seeded.\n`,
);
