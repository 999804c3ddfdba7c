// The key vault row read with the bare IndexedDB API, for the PIN screen of a signed-in start: Dexie (30 KB gzip) and
// the encryption code are not needed to paint it, so they load while the PIN is typed. The vault is in clear by design
// (encrypted-fields.ts). Read only: a database that does not exist yet is not created (the upgrade is aborted), and
// the connection closes at once, so Dexie's own open (and any schema upgrade) is never blocked by it.
import { encryptedUserDbName } from './db-names';
import type { VaultRow } from './types';

const VAULT_ID = 'data-key';

/** An open that neither succeeds nor fails (blocked by another tab's connection) gives up after this. */
export const PEEK_WAIT_MS = 2_000;

/**
 * The officer's vault row, or null when there is none (a first sign-in) or it cannot be read here, or not in
 * PEEK_WAIT_MS: the boot waits for this read, and null sends the start to the frame's own PIN gate, never to a blank page.
 */
export function peekVault(tenantId: string, userId: string): Promise<VaultRow | null> {
  return new Promise((resolve) => {
    setTimeout(() => resolve(null), PEEK_WAIT_MS);
    let req: IDBOpenDBRequest;
    try {
      req = indexedDB.open(encryptedUserDbName(tenantId, userId));
    } catch {
      return resolve(null);
    }
    req.onupgradeneeded = () => req.transaction?.abort();
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => db.close();
      const done = (row: VaultRow | null) => {
        db.close();
        resolve(row);
      };
      try {
        if (!db.objectStoreNames.contains('vault')) return done(null);
        const get = db.transaction('vault', 'readonly').objectStore('vault').get(VAULT_ID);
        get.onsuccess = () => done((get.result as VaultRow | undefined) ?? null);
        get.onerror = () => done(null);
      } catch {
        done(null);
      }
    };
  });
}
