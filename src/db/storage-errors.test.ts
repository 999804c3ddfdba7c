import { describe, expect, it } from 'vitest';
import { readDraft, saveDraft } from './drafts';
import { guardWrite, StorageFullError } from './storage-errors';
import { deleteUserDb, openUserDb, userDbName } from './user-db';

describe('storage', () => {
  it('turns a quota failure into StorageFullError and keeps what was stored', async () => {
    const db = openUserDb('sahayog', 'quota');
    await saveDraft(db, 'k', { a: 1 });
    const quota = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    await expect(
      guardWrite(() =>
        db.transaction('rw', db.drafts, async () => {
          await db.drafts.put({ key: 'k', value: { a: 2 }, updatedAt: 1 });
          throw quota;
        }),
      ),
    ).rejects.toBeInstanceOf(StorageFullError);
    expect(await readDraft(db, 'k')).toEqual({ a: 1 });
    await deleteUserDb('sahayog', 'quota');
  });

  it('passes other errors through', async () => {
    await expect(guardWrite(() => Promise.reject(new TypeError('x')))).rejects.toBeInstanceOf(TypeError);
  });

  it('partitions by tenant and user', () => {
    expect(userDbName('sahayog', '12')).toBe('flo-u-sahayog-12');
    expect(openUserDb('udaan', '12')).not.toBe(openUserDb('sahayog', '12'));
    expect(openUserDb('udaan', '12')).toBe(openUserDb('udaan', '12'));
  });

  it('deleteUserDb wipes that user only', async () => {
    const a = openUserDb('vikas', '1');
    const b = openUserDb('vikas', '2');
    await saveDraft(a, 'k', 1);
    await saveDraft(b, 'k', 2);
    await deleteUserDb('vikas', '1');
    expect(await readDraft(openUserDb('vikas', '1'), 'k')).toBeUndefined();
    expect(await readDraft(b, 'k')).toBe(2);
  });
});
