// Live reads for screens: they re-render by themselves whenever the rows change.
import { useLiveQuery } from 'dexie-react-hooks';
import type { CachedRecord, FileRow, OutboxOp, RecordTable } from './types';
import type { UserDb } from './user-db';

export type OutboxCounts = { queued: number; sending: number; needsAttention: number; done: number; pending: number };
const NO_COUNTS: OutboxCounts = { queued: 0, sending: 0, needsAttention: 0, done: 0, pending: 0 };

export async function countOutbox(db: UserDb): Promise<OutboxCounts> {
  const [queued, sending, needsAttention, done] = await Promise.all(
    (['queued', 'sending', 'needs-attention', 'done'] as const).map((s) => db.outbox.where('state').equals(s).count()),
  );
  return {
    queued: queued!,
    sending: sending!,
    needsAttention: needsAttention!,
    done: done!,
    pending: queued! + sending! + needsAttention!,
  };
}

export const useOutboxCounts = (db: UserDb | null) => useLiveQuery(() => (db ? countOutbox(db) : NO_COUNTS), [db], NO_COUNTS);

export const useOutboxOps = (db: UserDb | null) =>
  useLiveQuery(
    async () => (db ? (await db.outbox.orderBy('seq').toArray()).filter((o) => o.state !== 'done') : []),
    [db],
    [] as OutboxOp[],
  );

export const useDraftValue = <T = unknown>(db: UserDb | null, key: string) =>
  useLiveQuery(async () => (db ? ((await db.drafts.get(key))?.value as T | undefined) : undefined), [db, key]);

export const useFile = (db: UserDb | null, id: string | null | undefined) =>
  useLiveQuery(async (): Promise<FileRow | undefined> => (db && id ? db.files.get(id) : undefined), [db, id]);

export const useAppFiles = (db: UserDb | null, appId: string) =>
  useLiveQuery(async () => (db ? db.files.where('appId').equals(appId).sortBy('createdAt') : []), [db, appId], [] as FileRow[]);

export const useApplications = (db: UserDb | null) =>
  useLiveQuery(async () => (db ? db.applications.orderBy('syncedAt').reverse().toArray() : []), [db], [] as CachedRecord<'applications'>[]);

/** Every application on the phone; undefined while loading (or with no database). */
export const useAllApplications = (db: UserDb | null) => useLiveQuery(async () => (db ? db.applications.toArray() : undefined), [db]);

/**
 * The list's first `size` applications in its order (list-order.ts) and how many there are, decrypting only those:
 * null when some stored row has no order key yet (the whole list decides then); undefined while loading.
 */
export const useFirstApplications = (db: UserDb | null, size: number) =>
  useLiveQuery(async () => {
    if (!db) return undefined;
    const [total, ordered] = await Promise.all([db.applications.count(), db.applications.where('listAt').aboveOrEqual('').count()]);
    if (ordered < total) return null;
    return { total, rows: await db.applications.orderBy('listAt').reverse().limit(size).toArray() };
  }, [db, size]);

/** undefined while loading, null when this phone does not have it. */
export const useApplication = (db: UserDb | null, id: string) =>
  useLiveQuery(async () => (db ? ((await db.applications.get(id)) ?? null) : undefined), [db, id]);

export const useAppRecords = <T extends RecordTable>(db: UserDb | null, table: T, appId: string) =>
  useLiveQuery(
    async () => (db ? ((await db[table].where('appId').equals(appId).toArray()) as CachedRecord<T>[]) : []),
    [db, table, appId],
    [] as CachedRecord<T>[],
  );

export const useList = <T = unknown>(db: UserDb | null, key: string) =>
  useLiveQuery(async () => (db ? ((await db.lists.get(key)) as { value: T; syncedAt: number } | undefined) : undefined), [db, key]);

export const useMeta = <T = unknown>(db: UserDb | null, key: string) =>
  useLiveQuery(async () => (db ? ((await db.meta.get(key))?.value as T | undefined) : undefined), [db, key]);
