// `npm run migrate`: applies pending migrations to DATABASE_URL (or the PGlite in DATA_DIR) and exits, for a
// deploy step that runs before the new instances start. Instances also migrate at start, under the same lock,
// so skipping this step is safe; running it makes a failing migration stop the deploy, not an instance.
import { settingsFromEnv } from './config';
import { migrate } from './db/migrate';
import { openDb } from './db/open-db';

const s = settingsFromEnv();
const db = await openDb({ databaseUrl: s.databaseUrl, pgliteDir: s.databaseUrl ? undefined : `${s.dataDir}/pglite` });
try {
  const applied = await migrate(db);
  process.stdout.write(applied.length ? `Applied ${applied.join(', ')}\n` : 'No pending migration\n');
} finally {
  await db.close();
}
