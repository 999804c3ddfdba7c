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

// A queued submit does not clear its draft: the draft is what was sent until the server accepts it (a refusal reopens
// the form with it). A save carrying an edit made before the submit holds values the submit sent, so it stays the
// submit's; an edit made after it is new typing, which the acceptance must not take away.
const sentAt = new Map<string, { mark: number; opId: string }>();
export const markDraftSent = (key: string, opId: string) => void sentAt.set(key, { mark: ++clock, opId });

/** Saves the form's draft unless it was cleared after the edit it carries; true when written. */
export async function saveFormDraft(db: UserDb, key: string, value: unknown, editMark: number, now = Date.now()): Promise<boolean> {
  if ((clearedAt.get(key) ?? 0) > editMark) return false;
  const sent = sentAt.get(key);
  if (sent && sent.mark > editMark) {
    await guardWrite(() => db.drafts.put({ key, value, updatedAt: now, sentBy: sent.opId }));
    return true;
  }
  // The same values again (a form reopened on its sent draft) are still what the submit sent.
  const stored = await db.drafts.get(key);
  if (stored?.sentBy && JSON.stringify(stored.value) === JSON.stringify(value)) return true;
  await saveDraft(db, key, value, now);
  return true;
}

/** Inside the submit's transaction: the stored draft now belongs to op `opId` (kept until the server accepts it). */
export async function markStoredDraftSent(db: UserDb, key: string, opId: string) {
  markDraftSent(key, opId);
  const row = await db.drafts.get(key);
  if (row) await db.drafts.put({ ...row, sentBy: opId });
}

/** Inside the accepted op's transaction: its draft goes, unless typing after the submit made it a new one. */
export async function clearSentDraft(db: UserDb, key: string, opId: string) {
  const row = await db.drafts.get(key);
  if (row?.sentBy !== opId) return;
  markDraftCleared(key);
  await db.drafts.delete(key);
}

export const clearDraft = (db: UserDb, key: string) => {
  markDraftCleared(key);
  return guardWrite(() => db.drafts.delete(key));
};

export const readDraft = async <T = unknown>(db: UserDb, key: string): Promise<T | undefined> =>
  (await db.drafts.get(key))?.value as T | undefined;
