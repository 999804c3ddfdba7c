import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDirFileStore } from './file-store';

const dirs: string[] = [];
afterAll(async () => { for (const d of dirs) await rm(d, { recursive: true, force: true }); });

describe('directory file store', () => {
  it('stores, writes at offsets, moves and refuses keys that escape the root', async () => {
    const root = await mkdtemp(join(tmpdir(), 'fs-test-'));
    dirs.push(root);
    const store = createDirFileStore(root);
    await store.put('files/ab/abc', new Uint8Array([1, 2, 3]));
    expect(await store.get('files/ab/abc')).toEqual(new Uint8Array([1, 2, 3]));
    await store.writeAt('uploads/u1.part', 0, new Uint8Array([9, 9]));
    await store.writeAt('uploads/u1.part', 2, new Uint8Array([8]));
    expect(await store.size('uploads/u1.part')).toBe(3);
    await store.move('uploads/u1.part', 'files/u1/u1');
    expect(await store.get('files/u1/u1')).toEqual(new Uint8Array([9, 9, 8]));
    expect(await store.get('uploads/u1.part')).toBeNull();
    for (const bad of ['../x', 'files/../../etc/passwd', '/etc/passwd', 'files/a\\b', 'FILES/x']) {
      await expect(store.get(bad)).rejects.toThrow('Invalid file key');
    }
  });
});
