import pg from 'pg';
import type { Db, Queryable } from './db';

// Answers must look the same as PGlite's: int8 (count(*), bigserial) as a number, not node-postgres's string.
const INT8 = 20;
const INT8_ARRAY = 1016;
const toNumber = (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError('int8 value outside the safe integer range');
  return n;
};
const parseInt8Array = pg.types.getTypeParser(INT8_ARRAY as Parameters<typeof pg.types.getTypeParser>[0]) as (
  v: string,
) => (string | null)[];
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return toNumber;
    if (oid === INT8_ARRAY) return (v: string) => parseInt8Array(v).map((x) => (x === null ? null : toNumber(x)));
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** A real Postgres through a node-postgres pool (when DATABASE_URL is set). */
export async function openPostgresDb(connectionString: string, opts: { max?: number; onError?: (err: Error) => void } = {}): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: opts.max ?? 10, types, idleTimeoutMillis: 30_000 });
  // An idle client that loses its connection (server restart, network) must not crash the process.
  pool.on('error', (err) => opts.onError?.(err));
  // Fail at start, not on the first request, when the database cannot be reached.
  await pool.query('SELECT 1');
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      return (await c.query(sql, params as unknown[])).rows as T[];
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  return {
    ...wrap(pool),
    async tx(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw err;
      } finally {
        // A client whose ROLLBACK failed is in an unknown state: destroy it instead of returning it to the pool.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
