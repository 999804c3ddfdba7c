// The officer's key vault row in the user database: the data key wrapped by the PIN (and by the server-held
// recovery secret), and how many wrong PINs in a row were entered. Nothing here is secret in clear.
import type { KeyVault } from '../lib/crypto/key-vault';
import { guardWrite } from './storage-errors';
import type { VaultRow } from './types';
import type { UserDb } from './user-db';

const ID = 'data-key' as const;

export const readVault = (db: UserDb): Promise<VaultRow | undefined> => db.vault.get(ID);

export const saveVault = (db: UserDb, vault: KeyVault, now = Date.now()) =>
  guardWrite(() => db.vault.put({ id: ID, vault, failedAttempts: 0, createdAt: now }));

/** One more wrong PIN; returns how many in a row now. */
export const countWrongPin = (db: UserDb) =>
  guardWrite(() =>
    db.transaction('rw', db.vault, async () => {
      const row = await db.vault.get(ID);
      const failedAttempts = (row?.failedAttempts ?? 0) + 1;
      if (row) await db.vault.update(ID, { failedAttempts });
      return failedAttempts;
    }),
  );

export const clearWrongPins = (db: UserDb) => guardWrite(() => db.vault.update(ID, { failedAttempts: 0 }));
