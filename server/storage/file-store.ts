import { mkdir, open, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomHex } from '../crypto-utils';

/**
 * Where uploaded bytes live: files (`files/ab/<id>`) and chunked-upload parts (`uploads/<id>/<offset>-<n>`).
 * Three implementations share it (a directory, PostgreSQL tables, an S3 bucket); what a key means and which
 * parts make an upload is kept in the database, so any instance can serve any key.
 */
export type FileStore = {
  readonly kind: 'dir' | 'postgres' | 's3';
  /** Stores the whole object at once: a reader sees all of it or nothing. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes in pieces (never the whole object in one read), or null when there is no such key. */
  open(key: string): Promise<AsyncIterable<Uint8Array> | null>;
  /** Deletes the keys; a missing key is no error. */
  delete(keys: readonly string[]): Promise<void>;
};

const KEY_PATTERN = /^[a-z0-9_-]+(?:\/[a-z0-9_.-]+)*$/;

/** Keys are server-made; this refuses anything else before it reaches a path, a row or an object name. */
export function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error('Invalid file key');
  return key;
}

/** The whole object in memory, or null (an image must be whole for its metadata to be stripped). */
export async function readAll(store: FileStore, key: string): Promise<Uint8Array | null> {
  const pieces = await store.open(key);
  if (!pieces) return null;
  const parts: Uint8Array[] = [];
  for await (const p of pieces) parts.push(p);
  return concat(parts);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Runs `commit` (the rows that name objects just stored) and, when it fails, deletes those objects before the
 * error goes on: a failed commit leaves no bytes that nothing names. A process that dies here still does.
 */
export async function unlessCommitted<T>(store: FileStore, keys: readonly string[], commit: () => Promise<T>): Promise<T> {
  try {
    return await commit();
  } catch (err) {
    await store.delete(keys).catch(() => undefined);
    throw err;
  }
}

/** A web stream that pulls the pieces one by one (a response body that never holds the whole object). */
export function toWebStream(pieces: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const it = pieces[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(ctrl) {
      const next = await it.next();
      if (next.done) ctrl.close();
      else ctrl.enqueue(next.value);
    },
    async cancel() {
      await it.return?.();
    },
  });
}

/** Files under one root directory (one instance, the default with PGlite). */
export function createDirFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const p = resolve(join(base, checkKey(key)));
    if (!p.startsWith(base + sep)) throw new Error('Invalid file key');
    return p;
  };
  return {
    kind: 'dir',
    async put(key, bytes) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      const tmp = `${p}.${randomHex(4)}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, p);
    },
    async open(key) {
      try {
        const fh = await open(pathOf(key), 'r');
        return fh.createReadStream({ highWaterMark: 256 * 1024 });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(keys) {
      const dirs = new Set<string>();
      for (const key of keys) {
        const p = pathOf(key);
        await rm(p, { force: true });
        if (key.startsWith('uploads/')) dirs.add(dirname(p));
      }
      // An upload's part directory goes with its last part; rmdir refuses a directory that is not empty.
      for (const d of dirs) await rmdir(d).catch(() => undefined);
    },
  };
}
