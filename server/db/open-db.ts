import type { Db } from './db';
import { openPgliteDb } from './pglite-db';
import { openPostgresDb } from './postgres-db';

export function openDb(opts: { databaseUrl?: string; pgliteDir?: string; poolSize?: number; onError?: (err: Error) => void }): Promise<Db> {
  return opts.databaseUrl ? openPostgresDb(opts.databaseUrl, { onError: opts.onError, max: opts.poolSize }) : openPgliteDb(opts.pgliteDir);
}
