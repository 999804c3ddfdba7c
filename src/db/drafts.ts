// Form drafts keyed `${appId}|${step}|${recordIndex}` (the database itself is already per user).
import { guardWrite } from './storage-errors';
import type { UserDb } from './user-db';

export const draftKey = (appId: string, step: string, recordIndex = 0) => `${appId}|${step}|${recordIndex}`;

export const saveDraft = (db: UserDb, key: string, value: unknown, now = Date.now()) =>
  guardWrite(() => db.drafts.put({ key, value, updatedAt: now }));

// A draft its submit cleared must not come back from a save the form still had pending (the debounce, or the flush
// when the screen unmounts): a form's save carries the mark of its last edit, and a clear made after that edit wins.
let clock = 0;
const clearedAt = new Map<string, number>();
/** A mark for an edit, ordered with the clears. */
export const draftEditMark = () => ++clock;
export const markDraftCleared = (key: string) => void clearedAt.set(key, ++clock);

/** Saves the form's draft unless it was cleared after the edit it carries; true when written. */
export async function saveFormDraft(db: UserDb, key: string, value: unknown, editMark: number, now = Date.now()): Promise<boolean> {
  if ((clearedAt.get(key) ?? 0) > editMark) return false;
  await saveDraft(db, key, value, now);
  return true;
}

export const clearDraft = (db: UserDb, key: string) => {
  markDraftCleared(key);
  return guardWrite(() => db.drafts.delete(key));
};

export const readDraft = async <T = unknown>(db: UserDb, key: string): Promise<T | undefined> =>
  (await db.drafts.get(key))?.value as T | undefined;
