// The app's user database, encrypted at rest with the page's key lock. Loaded on demand: the ciphers are not
// needed to paint the first screen, and nothing can be read before the PIN anyway.
import type { KeyLock } from '../lib/crypto/key-lock';
import { installEncryption } from './encryption-middleware';
import { openUserDb, type UserDb } from './user-db';

export const openEncryptedUserDb = (tenantId: string, userId: string, lock: KeyLock): UserDb =>
  openUserDb(tenantId, userId, { encrypt: (db) => installEncryption(db, lock) });
