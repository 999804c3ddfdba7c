import { serve } from '@hono/node-server';
import { STAFF } from './fixtures/staff';
import { openInstance } from './instance';
import { describeFileStore } from './storage/open-file-store';

const { app, settings: s, close } = await openInstance();

const server = serve({ fetch: app.fetch, port: s.port }, (info) => {
  process.stdout.write(`Sandbox API and PWA on http://localhost:${info.port}  (tenants: http://udaan.localhost:${info.port} …)\n`);
  process.stdout.write(`Database: ${s.databaseUrl ? 'Postgres (DATABASE_URL)' : `PGlite in ${s.dataDir}/pglite`}; ${describeFileStore(s.fileStore)}\n`);
  // Seeded fixture staff, not people: the one place they are printed (the JSON log lines never carry them).
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
