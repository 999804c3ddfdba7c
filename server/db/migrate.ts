import type { Db } from './db';
import { MIGRATIONS } from './migrations/list';

const MIGRATION_LOCK = 727_001;

/** Applies pending migrations in order, one transaction, serialised across instances by an advisory lock. */
export async function migrate(db: Db): Promise<string[]> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // Deferred triggers (the change numbers, migration 021) fire at each statement's end here: a data migration's
    // writes would otherwise leave trigger events pending, and a later ALTER of the same table in this run is refused.
    await q.exec('SET CONSTRAINTS ALL IMMEDIATE');
    // Under the lock: two instances starting at once on a new database both found no table and collided.
    await q.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await q.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
    const applied: string[] = [];
    for (const m of MIGRATIONS) {
      if (done.has(m.id)) continue;
      if (m.sql) await q.exec(m.sql);
      // A data migration that needs the shared normalisers (contracts/) runs as code, in the same transaction.
      if (m.run) await m.run(q);
      await q.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}
