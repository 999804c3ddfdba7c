import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

/** Embedded Postgres; in memory when `dir` is undefined (tests). */
export async function openPgliteDb(dir?: string): Promise<Db> {
  const pg = dir ? new PGlite(dir) : new PGlite();
  await pg.waitReady;
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
  };
}
