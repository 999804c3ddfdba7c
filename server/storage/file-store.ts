import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

export type FileStore = {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  /** Writes bytes at a position (chunked uploads), creating the file if needed. */
  writeAt(key: string, position: number, bytes: Uint8Array): Promise<void>;
  move(from: string, to: string): Promise<void>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
};

const KEY_PATTERN = /^[a-z0-9_-]+(?:\/[a-z0-9_.-]+)*$/;

/** Files under one root directory; keys are server-made (`files/ab/abcd…`), checked so no key escapes the root. */
export function createDirFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error('Invalid file key');
    const p = resolve(join(base, key));
    if (!p.startsWith(base + sep)) throw new Error('Invalid file key');
    return p;
  };
  const ensureDir = (p: string) => mkdir(dirname(p), { recursive: true });
  return {
    async put(key, bytes) {
      const p = pathOf(key);
      await ensureDir(p);
      await writeFile(p, bytes);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async writeAt(key, position, bytes) {
      const p = pathOf(key);
      await ensureDir(p);
      const fh = await open(p, 'a+').then(async (h) => {
        await h.close();
        return open(p, 'r+');
      });
      try {
        await fh.write(bytes, 0, bytes.length, position);
      } finally {
        await fh.close();
      }
    },
    async move(from, to) {
      const dest = pathOf(to);
      await ensureDir(dest);
      await rename(pathOf(from), dest);
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
