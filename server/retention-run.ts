// `npm run retention [-- --dry-run]`: applies the retention periods (server/services/retention.ts; docs/regulatory.md
// "Retention") to the database and file store the server uses (DATABASE_URL, else the PGlite in DATA_DIR; the file
// store as the server opens it), prints the report as JSON and exits. For an operator's scheduled job (a daily cron).
// The periods come from RETENTION_DRAFT_DAYS and RETENTION_REJECTED_DOCS_DAYS (whole days, at least 1). A dry run
// reports what would go and deletes nothing; pending migrations are applied first in both cases, as every instance does
// at start, so the queries read the schema they were written for.
import { mkdir } from 'node:fs/promises';
import { settingsFromEnv } from './config';
import { migrate } from './db/migrate';
import { openDb } from './db/open-db';
import { RETENTION_DEFAULTS, runRetention } from './services/retention';
import { openFileStore } from './storage/open-file-store';

/** A period in whole days; a typo must stop the run, never purge with a period nobody chose. */
function daysEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1) {
    process.stderr.write(`${name} must be a whole number of days (1 or more), not ${JSON.stringify(raw)}\n`);
    process.exit(2);
  }
  return Number(raw);
}

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--dry-run');
if (unknown.length > 0) {
  process.stderr.write(`Unknown option ${unknown[0]}: the only option is --dry-run\n`);
  process.exit(2);
}
const dryRun = args.includes('--dry-run');
const draftDays = daysEnv('RETENTION_DRAFT_DAYS', RETENTION_DEFAULTS.draftDays);
const rejectedDocsDays = daysEnv('RETENTION_REJECTED_DOCS_DAYS', RETENTION_DEFAULTS.rejectedDocsDays);

const s = settingsFromEnv();
if (!s.databaseUrl) await mkdir(s.dataDir, { recursive: true });
const db = await openDb({ databaseUrl: s.databaseUrl, pgliteDir: s.databaseUrl ? undefined : `${s.dataDir}/pglite` });
try {
  await migrate(db);
  const files = await openFileStore(s.fileStore, db);
  const report = await runRetention({ db, files }, new Date(), { draftDays, rejectedDocsDays, dryRun });
  process.stdout.write(`${JSON.stringify({ ...report, draft_days: draftDays, rejected_docs_days: rejectedDocsDays }, null, 2)}\n`);
} finally {
  await db.close();
}
