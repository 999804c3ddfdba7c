import { serve } from '@hono/node-server';
import { STAFF } from './fixtures/staff';
import { consoleLogger } from './logger';
import { openInstance } from './instance';
import { describeFileStore } from './storage/open-file-store';

const { app, settings: s, close } = await openInstance();

const server = serve({ fetch: app.fetch, port: s.port }, (info) => {
  // The log is JSON lines only (no banner in the request log). The welcome, with the fixture staff and the
  // sandbox OTP, is for a person at a terminal, and goes to the terminal only.
  consoleLogger.info({
    t: new Date().toISOString(),
    level: 'info',
    msg: 'listening',
    port: info.port,
    database: s.databaseUrl ? 'postgres' : 'pglite',
  });
  if (!process.stdout.isTTY) return;
  process.stdout.write(`Sandbox API and PWA on http://localhost:${info.port}  (tenants: http://udaan.localhost:${info.port} …)\n`);
  process.stdout.write(
    `Database: ${s.databaseUrl ? 'Postgres (DATABASE_URL)' : `PGlite in ${s.dataDir}/pglite`}; ${describeFileStore(s.fileStore)}\n`,
  );
  process.stdout.write(`Sign in with ${STAFF.map((u) => u.mobile).join(', ')} and OTP ${s.config.sandboxOtp}\n`);
});

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  server.close(() => {
    void close().finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
