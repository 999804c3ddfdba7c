// The sandbox server for bench/day-sync.ts in its own process (so its CPU work does not stall the client's
// or the shaper's event loop): in-memory PGlite, seeded, the real createApp served by @hono/node-server on
// loopback. IPC: { type: 'token' } → a staff session for sahayog; { type: 'query', sql, params } → rows.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../server/app';
import { makeConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { openTestDb } from '../server/db/test-db';
import { STAFF } from '../server/fixtures/staff';
import { silentLogger } from '../server/logger';
import { createSession } from '../server/services/sessions';
import { createDirFileStore } from '../server/storage/file-store';

const port = Number(process.argv[process.argv.indexOf('--port') + 1] ?? 4195);
const testDb = await openTestDb(undefined, { seeded: true });
const db = testDb.db;
await migrate(db);
await seed(db);
const fileDir = await mkdtemp(join(tmpdir(), 'flo-day-sync-'));
const app = createApp({ db, files: createDirFileStore(fileDir), config: makeConfig({}), log: silentLogger });
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
await new Promise<void>((r) => server.once('listening', () => r()));

type Msg = { id: number; type: 'token' | 'query'; sql?: string; params?: unknown[] };
process.on('message', async (m: Msg) => {
  try {
    if (m.type === 'token') {
      const mobile = STAFF[0]!.mobile;
      const [user] = await db.query<{ id: number }>('SELECT id FROM users WHERE tenant_id=$1 AND mobile=$2', ['sahayog', mobile]);
      const token = await createSession(db, {
        tenantId: 'sahayog',
        kind: 'staff',
        userId: user!.id,
        mobile,
        ttlS: 24 * 3600,
        now: new Date(),
      });
      process.send?.({ id: m.id, value: token });
    } else {
      process.send?.({ id: m.id, value: await db.query(m.sql!, m.params ?? []) });
    }
  } catch (err) {
    process.send?.({ id: m.id, error: err instanceof Error ? err.message : String(err) });
  }
});
process.on('disconnect', () => process.exit(0));
process.send?.({ id: 0, ready: true, fileDir });
