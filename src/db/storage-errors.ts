// A full disk must never cost the user what is already stored: writes fail loudly, nothing is deleted.
import { msg } from '../../contracts/msg';

export class StorageFullError extends Error {
  constructor(override readonly cause?: unknown) {
    super(
      msg(
        'This phone is full: the last change was not saved. Everything saved before is safe. Send what is waiting when you are online (Sync), or clear photos and drafts you no longer need.',
      ),
    );
    this.name = 'StorageFullError';
  }
}

function isQuotaError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth += 1) {
    const name = (e as { name?: string }).name;
    // Dexie's own name for it is the DOM's ('QuotaExceededError'); no Dexie import keeps this out of the first download.
    if (name === 'QuotaExceededError') return true;
    e = (e as { inner?: unknown }).inner ?? (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs an IndexedDB write; a quota failure becomes a StorageFullError (the transaction is rolled back, older data stays). */
export async function guardWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError(err);
    throw err;
  }
}
