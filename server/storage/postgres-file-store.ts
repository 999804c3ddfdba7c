import type { Db } from '../db/db';
import { checkKey, type FileStore } from './file-store';

/** Rows of at most this many bytes: a 15 MB file is 60 rows, none of them read or written whole. */
export const PG_CHUNK_BYTES = 256 * 1024;

const view = (b: Uint8Array) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/**
 * Files and upload parts in PostgreSQL (tables of migration 012), so instances on one database share them
 * with no other service. Chunk rows are written in one transaction with their header row, so a reader sees a
 * whole object or none, and read back one at a time.
 */
export function createPostgresFileStore(db: Db, now: () => Date = () => new Date()): FileStore {
  return {
    kind: 'postgres',
    async put(key, bytes) {
      checkKey(key);
      const count = Math.max(1, Math.ceil(bytes.length / PG_CHUNK_BYTES));
      await db.tx(async (q) => {
        await q.query('DELETE FROM stored_files WHERE key=$1', [key]);
        await q.query('INSERT INTO stored_files (key, size, chunk_count, created_at) VALUES ($1,$2,$3,$4::timestamptz)', [
          key,
          bytes.length,
          count,
          now().toISOString(),
        ]);
        for (let seq = 0; seq < count; seq += 1) {
          const piece = bytes.subarray(seq * PG_CHUNK_BYTES, (seq + 1) * PG_CHUNK_BYTES);
          await q.query('INSERT INTO stored_file_chunks (key, seq, bytes) VALUES ($1,$2,$3)', [key, seq, piece]);
        }
      });
    },
    async open(key) {
      checkKey(key);
      const [head] = await db.query<{ chunk_count: number }>('SELECT chunk_count FROM stored_files WHERE key=$1', [key]);
      if (!head) return null;
      return (async function* pieces() {
        for (let seq = 0; seq < head.chunk_count; seq += 1) {
          const [row] = await db.query<{ bytes: Uint8Array }>('SELECT bytes FROM stored_file_chunks WHERE key=$1 AND seq=$2', [key, seq]);
          if (!row) throw new Error('Stored file lost a chunk while being read');
          yield view(row.bytes);
        }
      })();
    },
    async delete(keys) {
      if (keys.length === 0) return;
      for (const k of keys) checkKey(k);
      await db.query('DELETE FROM stored_files WHERE key = ANY($1::text[])', [keys]);
    },
  };
}
