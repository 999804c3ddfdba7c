// Form drafts keyed `${appId}|${step}|${recordIndex}` (the database itself is already per user).
import { guardWrite } from './storage-errors';
import type { UserDb } from './user-db';

export const draftKey = (appId: string, step: string, recordIndex = 0) => `${appId}|${step}|${recordIndex}`;

export const saveDraft = (db: UserDb, key: string, value: unknown, now = Date.now()) =>
  guardWrite(() => db.drafts.put({ key, value, updatedAt: now }));

export const clearDraft = (db: UserDb, key: string) => guardWrite(() => db.drafts.delete(key));

export const readDraft = async <T = unknown>(db: UserDb, key: string): Promise<T | undefined> =>
  (await db.drafts.get(key))?.value as T | undefined;
