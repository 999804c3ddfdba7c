// Server records, reference lists and small key/values cached for offline reading.
import { guardWrite } from './storage-errors';
import type { Table } from 'dexie';
import type { CachedRecord, RecordData, RecordTable } from './types';
import type { UserDb } from './user-db';

export type RecordInput<T extends RecordTable = RecordTable> = { id: string; appId: string; data: RecordData[T] };

/** The table of `table` with its record type (Dexie types `db[table]` as the union of the five tables). */
const tableOf = <T extends RecordTable>(db: UserDb, table: T) => db[table] as unknown as Table<CachedRecord<T>, string>;

export const cacheRecords = <T extends RecordTable>(db: UserDb, table: T, records: RecordInput<T>[], now = Date.now()) =>
  guardWrite(() => tableOf(db, table).bulkPut(records.map((r): CachedRecord<T> => ({ ...r, syncedAt: now }))));

/** Replaces every cached record of one application in a table (the server's list is complete). */
export const replaceAppRecords = <T extends RecordTable>(
  db: UserDb,
  table: T,
  appId: string,
  records: RecordInput<T>[],
  now = Date.now(),
) =>
  guardWrite(() =>
    db.transaction('rw', db[table], async () => {
      await db[table].where('appId').equals(appId).delete();
      await tableOf(db, table).bulkPut(records.map((r): CachedRecord<T> => ({ ...r, syncedAt: now })));
    }),
  );

export const removeRecord = (db: UserDb, table: RecordTable, id: string) => guardWrite(() => db[table].delete(id));

export const cacheList = (db: UserDb, key: string, value: unknown, now = Date.now()) =>
  guardWrite(() => db.lists.put({ key, value, syncedAt: now }));

export const setMeta = (db: UserDb, key: string, value: unknown) => guardWrite(() => db.meta.put({ key, value }));
export const getMeta = async <T = unknown>(db: UserDb, key: string): Promise<T | undefined> =>
  (await db.meta.get(key))?.value as T | undefined;

/**
 * The server's copy of the officer's applications, except those with work still queued on this phone: there the
 * local (optimistic) record stays until the queued ops have landed and their answers are written back.
 */
export const cacheServerApplications = (db: UserDb, records: RecordInput<'applications'>[], now = Date.now()) =>
  guardWrite(() =>
    db.transaction('rw', db.applications, db.outbox, async () => {
      const pending = new Set((await db.outbox.toArray()).filter((o) => o.state !== 'done' && o.appId).map((o) => o.appId));
      const fresh = records.filter((r) => !pending.has(r.id));
      const merged = await Promise.all(
        fresh.map(async (r): Promise<CachedRecord<'applications'> | null> => {
          const held = (await db.applications.get(r.id))?.data;
          // A list read before the change feed brought a newer copy never puts the older one back.
          if (held?.updated_at && r.data.updated_at && held.updated_at > r.data.updated_at) return null;
          if (!isListSummary(r.data)) return { ...r, syncedAt: now };
          const { list_summary: _summary, ...data } = r.data;
          // Only a summary on this phone: `partial` until the whole record is fetched (src/review/use-whole-application.ts).
          const base = held ?? { partial: true };
          return { ...r, data: mergeInto(base, data) as RecordData['applications'], syncedAt: now };
        }),
      );
      await db.applications.bulkPut(merged.filter((r) => r !== null));
      return records.length - fresh.length;
    }),
  );

const isListSummary = (data: unknown): data is Record<string, unknown> & { list_summary: true } =>
  !!data && typeof data === 'object' && (data as { list_summary?: unknown }).list_summary === true;

const isPlainObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/** A list row's summary over the record the phone holds: what the row carries is refreshed, the rest is kept. */
export function mergeInto(held: Record<string, unknown>, summary: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...held };
  for (const [k, v] of Object.entries(summary)) out[k] = isPlainObject(v) && isPlainObject(held[k]) ? mergeInto(held[k], v) : v;
  return out;
}

/** Merges `patch` into the cached application's data (optimistic writes and verification answers). */
export const patchCachedApplication = (
  db: UserDb,
  appId: string,
  patch: (data: RecordData['applications']) => Partial<RecordData['applications']>,
  now = Date.now(),
) =>
  guardWrite(async () => {
    const row = await db.applications.get(appId);
    const data = row?.data ?? { id: appId };
    // The copy before the phone's first edit is the server's (src/db/server-copy.ts): a later one is taken in under the edits.
    const server = row?.server ?? row?.data;
    await db.applications.put({
      id: appId,
      appId,
      data: { ...data, ...patch(data) },
      syncedAt: row?.syncedAt ?? now,
      ...(server ? { server } : {}),
    });
  });

/** Merges `patch` into one cached record's data (a status the server answered, a record marked replaced). */
export const patchRecord = <T extends RecordTable>(db: UserDb, table: T, id: string, patch: Partial<RecordData[T]>, now = Date.now()) =>
  guardWrite(async () => {
    const row = await tableOf(db, table).get(id);
    if (row) await tableOf(db, table).put({ ...row, data: { ...row.data, ...patch }, syncedAt: row.syncedAt ?? now });
  });

/**
 * The server's full list of one application's records, except those `keep` says are the phone's to hold (saves
 * still queued): every other cached record of the application is replaced.
 */
export const cacheServerList = <T extends RecordTable>(
  db: UserDb,
  table: T,
  appId: string,
  records: RecordInput<T>[],
  keep: (id: string) => boolean,
  now = Date.now(),
) =>
  guardWrite(() =>
    db.transaction('rw', db[table], async () => {
      const stale = await tableOf(db, table)
        .where('appId')
        .equals(appId)
        .filter((r) => !keep(r.id))
        .primaryKeys();
      await db[table].bulkDelete(stale);
      await tableOf(db, table).bulkPut(records.filter((r) => !keep(r.id)).map((r): CachedRecord<T> => ({ ...r, syncedAt: now })));
    }),
  );

/**
 * A visitor done on this device: every draft, file, queued op and cached record goes; the tables stay open
 * for the runtime that uses them. The lists (banks, categories) are public and stay.
 */
export const clearPersonalData = (db: UserDb) =>
  guardWrite(() =>
    db.transaction(
      'rw',
      [db.drafts, db.files, db.outbox, db.applications, db.coApplicants, db.familyMembers, db.references, db.offers],
      () =>
        Promise.all(
          [db.drafts, db.files, db.outbox, db.applications, db.coApplicants, db.familyMembers, db.references, db.offers].map((t) =>
            t.clear(),
          ),
        ),
    ),
  );
