// For tests of encryption at rest (Node environment): a real UserDb with the middleware on, and what IndexedDB
// itself holds, read through a second connection that has no middleware.
import Dexie from 'dexie';
import { createKeyLock, type KeyLock } from '../lib/crypto/key-lock';
import { installEncryption } from './encryption-middleware';
import { UserDb } from './user-db';

export const newDataKey = () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);

export async function openEncryptedUserDb(name: string): Promise<{ db: UserDb; lock: KeyLock }> {
  const lock = createKeyLock();
  lock.unlock(await newDataKey());
  return { db: installEncryption(new UserDb(name), lock), lock };
}

/** Every stored row of every table, as IndexedDB returns it. */
export async function rawRows(name: string): Promise<Record<string, Record<string, unknown>[]>> {
  const raw = new Dexie(name);
  await raw.open();
  try {
    return Object.fromEntries(await Promise.all(raw.tables.map(async (t) => [t.name, await t.toArray()] as const)));
  } finally {
    raw.close();
  }
}

/** Writes a row as-is, past the middleware (to tamper with what is stored). */
export async function putRaw(name: string, table: string, row: unknown): Promise<void> {
  const raw = new Dexie(name);
  await raw.open();
  try {
    await raw.table(table).put(row);
  } finally {
    raw.close();
  }
}

/** Everything stored, as searchable text: JSON of the rows plus the bytes of every byte array and Blob (latin1). */
export async function storedText(rows: unknown): Promise<string> {
  const out: string[] = [JSON.stringify(rows)];
  const walk = async (x: unknown): Promise<void> => {
    if (x instanceof Blob) out.push(Buffer.from(await x.arrayBuffer()).toString('latin1'));
    else if (x instanceof Uint8Array || x instanceof ArrayBuffer) out.push(Buffer.from(x as Uint8Array).toString('latin1'));
    else if (Array.isArray(x)) for (const v of x) await walk(v);
    else if (x && typeof x === 'object') {
      for (const [k, v] of Object.entries(x)) {
        out.push(k);
        await walk(v);
      }
    } else out.push(String(x));
  };
  await walk(rows);
  return out.join('\n');
}
