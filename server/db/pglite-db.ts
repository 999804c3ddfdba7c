import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

/** Embedded Postgres; in memory when `dir` is undefined (tests), optionally started from a dumped data directory. */
export async function openPgliteDb(dir?: string, opts: Pick<PGliteOptions, 'loadDataDir'> = {}): Promise<Db> {
  const pg = dir ? new PGlite(dir, opts) : new PGlite(opts);
  await pg.waitReady;
  return wrapPglite(pg);
}

export function wrapPglite(pg: PGlite): Db & { dump(): Promise<Blob> } {
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      return (await q.query<T>(sql, params as unknown[])).rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    ...wrap(pg),
    tx: (fn) => pg.transaction((t) => fn(wrap(t as unknown as Pick<PGlite, 'query' | 'exec'>))),
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('gzip'),
  };
}
