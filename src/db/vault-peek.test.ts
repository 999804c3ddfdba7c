// @vitest-environment node
// The PIN screen's read of the key vault without Dexie: the row Dexie wrote, nothing for an officer with no database
// (and no database made for them), and Dexie opens the database afterwards as before.
import { describe, expect, it } from 'vitest';
import { createKeyVault } from '../lib/crypto/key-vault';
import { createKeyLock } from '../lib/crypto/key-lock';
import { installEncryption } from './encryption-middleware';
import { encryptedUserDbName } from './db-names';
import { openUserDb } from './user-db';
import { readVault, saveVault } from './vault';
import { peekVault } from './vault-peek';

describe('peekVault', () => {
  it('reads the vault row Dexie stored, and leaves the database to Dexie', async () => {
    const db = openUserDb('peek.example', '7', { encrypt: (d) => installEncryption(d, createKeyLock()) });
    const { vault } = await createKeyVault('135790', { iterations: 1_000, recoverySecret: crypto.getRandomValues(new Uint8Array(32)) });
    await saveVault(db, vault, 1000);
    db.close();
    const row = await peekVault('peek.example', '7');
    expect(row).toMatchObject({ id: 'data-key', failedAttempts: 0, createdAt: 1000 });
    await db.open();
    expect((await readVault(db))?.createdAt).toBe(1000);
  });

  it('answers null for an officer with no database, and creates none', async () => {
    expect(await peekVault('peek.example', 'nobody')).toBeNull();
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(encryptedUserDbName('peek.example', 'nobody'));
  });
});
