import { mkdir } from 'node:fs/promises';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { settingsFromEnv } from './config';
import { migrate } from './db/migrate';
import { openDb } from './db/open-db';
import { seed } from './db/seed';
import { STAFF } from './fixtures/staff';
import { consoleLogger } from './logger';
import { createDirFileStore } from './storage/file-store';

const s = settingsFromEnv();
if (!s.databaseUrl) await mkdir(s.dataDir, { recursive: true });
await mkdir(s.fileStoreDir, { recursive: true });
const db = await openDb({
  databaseUrl: s.databaseUrl,
  pgliteDir: s.databaseUrl ? undefined : `${s.dataDir}/pglite`,
  // The message can quote connection details or values: the error name and code only.
  onError: (err) => consoleLogger.error({ t: new Date().toISOString(), level: 'error', error: err.name, code: (err as { code?: string }).code }),
});
await migrate(db);
await seed(db);
const app = createApp({ db, files: createDirFileStore(s.fileStoreDir), config: s.config, log: consoleLogger });

const server = serve({ fetch: app.fetch, port: s.port }, (info) => {
  // The log is JSON lines only (issue 16: no banner in the request log). The welcome, with the fixture staff and the
  // sandbox OTP, is for a person at a terminal, and goes to the terminal only.
  consoleLogger.info({ t: new Date().toISOString(), level: 'info', msg: 'listening', port: info.port, database: s.databaseUrl ? 'postgres' : 'pglite' });
  if (!process.stdout.isTTY) return;
  process.stdout.write(`Sandbox API and PWA on http://localhost:${info.port}  (tenants: http://udaan.localhost:${info.port} …)\n`);
  process.stdout.write(`Database: ${s.databaseUrl ? 'Postgres (DATABASE_URL)' : `PGlite in ${s.dataDir}/pglite`}; files in ${s.fileStoreDir}\n`);
  process.stdout.write(`Sign in with ${STAFF.map((u) => u.mobile).join(', ')} and OTP ${s.config.sandboxOtp}\n`);
});

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  server.close(() => {
    void db.close().finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
