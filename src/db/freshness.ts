// How fresh the phone's copy is, and what a finished loan leaves behind. The time of the last pull is kept under one
// meta key that the change feed's pull writes and the sync center reads.
import { appStateOf, type StateSource } from '../../contracts/authority';
import { isHeldServerFile } from './files';
import { guardWrite } from './storage-errors';
import type { CachedRecord } from './types';
import type { UserDb } from './user-db';

/** When the phone last pulled the server's changes (ms since the epoch). */
export const LAST_PULLED_AT_META = 'sync.lastPulledAt';
/** The meta row 'Take offline' writes for one application (what it fetched and when). */
export const takenOfflineKey = (appId: string) => `taken-offline:${appId}`;
/** The server's list of one application's files (geotags, integrity flags), kept for reading offline. */
export const evidenceListKey = (appId: string) => `evidence:${appId}`;

/** The time of the phone's copy of an application: when it last matched the server's. */
export const copyAsOf = (row: Pick<CachedRecord<'applications'>, 'syncedAt'> | null | undefined) => row?.syncedAt ?? null;

/** The copy is older than a change the server reported (stale) or holds only a list row's summary (partial). */
export const copyIsBehind = (data: { partial?: boolean; stale?: boolean } | undefined) =>
  !!data && (data.partial === true || data.stale === true);

const FINISHED = new Set(['SANCTIONED', 'REJECTED']);
export const isFinished = (data: StateSource | undefined) => !!data && FINISHED.has(appStateOf(data));

/** Every file id a value names: a plain id, a `{ $fileId }` placeholder, or one inside arrays and objects. */
function fileIdsIn(value: unknown, out: Set<string>) {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) fileIdsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) fileIdsIn(v, out);
}

/**
 * A loan that is sanctioned or rejected needs no more visits: the documents and photos the phone holds of it (held
 * server copies, and its own photos once uploaded) leave it. Anything unsent stays: a file still to upload, one a
 * queued step or a draft names. The application's record stays (the lists show it). Returns how many files left.
 */
export async function dropFinishedCopies(db: UserDb): Promise<{ apps: string[]; files: number }> {
  return guardWrite(() =>
    db.transaction('rw', [db.applications, db.files, db.outbox, db.drafts, db.meta, db.lists], async () => {
      const finished = (await db.applications.toArray()).filter((r) => isFinished(r.data)).map((r) => r.id);
      if (finished.length === 0) return { apps: [], files: 0 };
      const kept = new Set<string>();
      for (const op of await db.outbox.toArray()) {
        if (op.state === 'done') continue;
        if (op.fileId) kept.add(op.fileId);
        for (const id of op.fileIds ?? []) kept.add(id);
        fileIdsIn(op.body, kept);
      }
      for (const d of await db.drafts.toArray()) fileIdsIn(d.value, kept);
      let files = 0;
      const apps: string[] = [];
      for (const appId of finished) {
        const rows = await db.files.where('appId').equals(appId).toArray();
        const gone = rows.filter((f) => !kept.has(f.id) && (isHeldServerFile(f.id) || f.uploadState === 'uploaded')).map((f) => f.id);
        const taken = await db.meta.get(takenOfflineKey(appId));
        if (gone.length === 0 && !taken) continue;
        await db.files.bulkDelete(gone);
        await db.meta.delete(takenOfflineKey(appId));
        await db.lists.delete(evidenceListKey(appId));
        files += gone.length;
        apps.push(appId);
      }
      return { apps, files };
    }),
  );
}
