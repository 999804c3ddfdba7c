// One page of the change feed into the phone's stores, in one Dexie transaction (src/sync/pull.ts pulls the pages):
// each application's record, co-applicants, family members and file list as the server has them now, or, for a
// `gone` change, everything the phone held of it. Local edits win until the server answers (src/db/server-copy.ts):
// an application with ops still to go keeps them on top, its records of queued saves stay, and a change they cannot
// go on top of is kept as a conflict for "needs you" (src/db/feed-conflicts.ts), never written over.
import type { FeedChange, FeedUpdate } from '../../contracts/change-feed';
import { isGone } from '../../contracts/change-feed';
import { conflictsOf, FEED_CONFLICTS_META, type FeedConflicts } from './feed-conflicts';
import { isPending, pinnedFields, rebasedRow } from './server-copy';
import { guardWrite } from './storage-errors';
import { opEntry } from '../sync/op-catalogue';
import type { CachedRecord, OutboxOp, RecordData } from './types';
import type { UserDb } from './user-db';

/** Where the server's file list of an application (with integrity_flags) is kept (lists table; src/photos/local-evidence.ts). */
import { evidenceListKey as evidenceKey } from './freshness';
/** What 'Take offline' noted of an application (src/features/applications/take-offline.ts). */
const takenOfflineKey = (appId: string) => `taken-offline:${appId}`;

export type PageResult = { updated: number; dropped: number; conflicts: number };

/** A cached co-applicant or family member whose save is still queued here: the phone's copy stays. */
const keepsLocal = (id: string, queued: readonly OutboxOp[]) =>
  id.startsWith('local:') ||
  queued.some((o) => o.path.split('/').pop() === id || (o.body as { id_to_replace?: string } | undefined)?.id_to_replace === id);

async function replaceParts(
  db: UserDb,
  table: 'coApplicants' | 'familyMembers',
  appId: string,
  list: FeedUpdate['co_applicants'],
  queued: readonly OutboxOp[],
  now: number,
) {
  const t = db.table<CachedRecord<typeof table>, string>(table);
  const stale = await t
    .where('appId')
    .equals(appId)
    .filter((r) => !keepsLocal(r.id, queued))
    .primaryKeys();
  await t.bulkDelete(stale);
  const fresh = list
    .filter((r) => !keepsLocal(r.id, queued))
    .map((r) => ({ id: r.id, appId, data: r as unknown as RecordData[typeof table], syncedAt: now }));
  await t.bulkPut(fresh);
}

async function dropApplication(db: UserDb, appId: string) {
  await db.applications.delete(appId);
  await db.coApplicants.where('appId').equals(appId).delete();
  await db.familyMembers.where('appId').equals(appId).delete();
  await db.offers.where('appId').equals(appId).delete();
  await db.references.where('appId').equals(appId).delete();
  // Only copies of what the server holds: a photo still to upload has its op, and an app with ops is never dropped.
  await db.files
    .where('appId')
    .equals(appId)
    .filter((f) => f.uploadState === 'uploaded')
    .delete();
  await db.lists.delete(evidenceKey(appId));
  await db.meta.delete(takenOfflineKey(appId));
}

/**
 * What only the phone records about an application (the answers of checks the server does not keep: a refused PAN or
 * voter id, a verified bank account) stays across a newer server copy, which never carries it.
 */
const PHONE_ONLY = ['verification_failures', 'verified_bank_accounts'] as const;
function keepPhoneOnly(held: CachedRecord<'applications'> | undefined, row: CachedRecord<'applications'>): CachedRecord<'applications'> {
  const mine = held?.data as Record<string, unknown> | undefined;
  const next = row.data as Record<string, unknown>;
  const kept = Object.fromEntries(PHONE_ONLY.filter((k) => mine?.[k] !== undefined && next[k] === undefined).map((k) => [k, mine?.[k]]));
  return Object.keys(kept).length ? { ...row, data: { ...row.data, ...kept } } : row;
}

/** Where the feed's cursor is kept: the user's own (encrypted) database, beside what it brought. */
export const FEED_CURSOR_META = 'feed-cursor';
/** The ids a full (first or reset) pull has brought so far; gone once its last page is applied. */
export const FEED_FULL_PULL_SEEN_META = 'feed-full-pull-seen';

/**
 * Applies `changes` in order and keeps `cursor` in the same transaction (a crash re-pulls the page; applying it twice
 * is harmless). `seen` collects the ids of applications the page brought (a reset pull drops the others at its end:
 * `dropUnseen`).
 */
export const applyFeedPage = (db: UserDb, changes: readonly FeedChange[], cursor: string, now: number, seen?: Set<string>) =>
  guardWrite(() =>
    db.transaction('rw', db.tables, async (): Promise<PageResult> => {
      const result: PageResult = { updated: 0, dropped: 0, conflicts: 0 };
      const pending = (await db.outbox.toArray()).filter(isPending);
      const conflicts = { ...((await db.meta.get(FEED_CONFLICTS_META))?.value as FeedConflicts | undefined) };
      for (const change of changes) {
        const appId = change.application_id;
        const queued = pending.filter((o) => o.appId === appId);
        const found = conflictsOf(change, queued);
        if (found.length > 0) conflicts[appId] = found;
        else delete conflicts[appId];
        result.conflicts += found.length;
        if (isGone(change)) {
          // What was typed stays until it is sent or discarded; the conflict says why it waits.
          if (queued.length === 0) {
            await dropApplication(db, appId);
            result.dropped += 1;
          }
          continue;
        }
        seen?.add(appId);
        const held = await db.applications.get(appId);
        // Only a queued write of the application itself has edits on this row; a file or co-applicant op has none.
        const writesApp = queued.some((o) => opEntry(o.kind)?.writeBack === 'application');
        const row = rebasedRow(held, change.application, writesApp, now, 'local', pinnedFields(appId, queued));
        await db.applications.put(keepPhoneOnly(held, row));
        await replaceParts(db, 'coApplicants', appId, change.co_applicants, queued, now);
        await replaceParts(db, 'familyMembers', appId, change.family_members, queued, now);
        if (change.files.length > 0 || (await db.lists.get(evidenceKey(appId))))
          await db.lists.put({ key: evidenceKey(appId), value: change.files, syncedAt: now });
        result.updated += 1;
      }
      await db.meta.put({ key: FEED_CONFLICTS_META, value: conflicts });
      await db.meta.put({ key: FEED_CURSOR_META, value: cursor });
      // A full pull cut short goes on from this cursor: what it has seen so far is kept with it, so its end still drops
      // what the server no longer names (an application of the branch or owner the officer left).
      if (seen) await db.meta.put({ key: FEED_FULL_PULL_SEEN_META, value: [...seen] });
      return result;
    }),
  );

/** After a reset pull's last page: applications the server no longer names are dropped (unless work is queued). */
export const dropUnseen = (db: UserDb, seen: ReadonlySet<string>) =>
  guardWrite(() =>
    db.transaction('rw', db.tables, async () => {
      const pending = new Set((await db.outbox.toArray()).filter(isPending).map((o) => o.appId));
      const gone = (await db.applications.toCollection().primaryKeys()).filter((id) => !seen.has(id) && !pending.has(id));
      for (const id of gone) await dropApplication(db, id);
      await db.meta.delete(FEED_FULL_PULL_SEEN_META);
      return gone.length;
    }),
  );
