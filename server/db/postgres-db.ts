import pg from 'pg';
import type { Db, Queryable } from './db';

/** A real Postgres through a node-postgres pool (when DATABASE_URL is set). */
export async function openPostgresDb(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
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
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
