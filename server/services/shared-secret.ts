import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db';

/** A random secret kept in the database: the first instance makes it, every later one (and restart) reads it. */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('hex'),
  ]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name=$1', [name]);
  if (!row) throw new Error(`server secret ${name} missing`);
  return row.value;
}
