// A reviewer's list brings summaries (server/routes/applications.ts). An application opened on a screen, with
// the network, is fetched whole when the phone's copy is behind: only the list's summary (`partial`), older than a
// change the list reported (`stale`), or read more than a minute ago. Its co-applicants come with it: their deviations
// live on their records, and every screen that counts deviations reads them from there.
import { useEffect, useSyncExternalStore } from 'react';
import { getApplication } from '../api/applications/get-application';
import { copyIsBehind } from '../db/freshness';
import { cacheRecords, cacheServerApplications } from '../db/records';
import type { UserDb } from '../db/user-db';
import { useOnline } from '../lib/use-online';
import { useSyncRuntime } from '../sync/sync-runtime';

/** A copy read this recently is fresh enough to open a screen on without asking the server again. */
export const FRESH_MS = 60_000;

const loading = new Set<string>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/**
 * Fetches the application (and its co-applicants) when the phone's copy is behind or `force`; answers the `syncedAt` it
 * wrote the copy with, or false when it wrote none. A copy with work still queued on this phone is the phone's until
 * the server answers that work: it is not replaced.
 */
export async function loadWholeApplication(
  db: UserDb,
  appId: string,
  o: { signal?: AbortSignal; force?: boolean; now?: number } = {},
): Promise<number | false> {
  const row = await db.applications.get(appId);
  const now = o.now ?? Date.now();
  const behind = !row || copyIsBehind(row.data) || now - row.syncedAt > FRESH_MS;
  if (!o.force && !behind) return false;
  if (
    row &&
    !row.data.partial &&
    (await db.outbox
      .where('appId')
      .equals(appId)
      .filter((op) => op.state !== 'done')
      .count()) > 0
  )
    return false;
  loading.add(appId);
  notify();
  try {
    const r = await getApplication(appId, o.signal);
    const at = Date.now();
    if (!row || row.data.partial) await cacheRecords(db, 'applications', [{ id: appId, appId, data: r.data }], at);
    else await cacheServerApplications(db, [{ id: appId, appId, data: r.data }], at);
    // Loaded on demand: the app frame that calls this is part of the first download.
    const [{ CO_STEP }, { refreshRecords }] = await Promise.all([import('../ops/co-applicant-ops'), import('../ops/record-step')]);
    await refreshRecords(db, CO_STEP, appId, `/v1/app/mfi/${appId}/co-applicant`).catch(() => undefined);
    // The phone may have kept its copy (work queued meanwhile, or a newer copy held): then nothing was written.
    return (await db.applications.get(appId))?.syncedAt === at ? at : false;
  } finally {
    loading.delete(appId);
    notify();
  }
}

/** True while the phone is fetching this application whole (a screen shows that instead of an empty form). */
export const useWholeLoading = (appId: string | undefined) =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => !!appId && loading.has(appId),
  );

/** For the app frame: the application named by the route's `id`, whole and fresh on this phone when online. */
export function useWholeApplication(appId: string | undefined) {
  const db = useSyncRuntime()?.db ?? null;
  const online = useOnline();
  useEffect(() => {
    if (!db || !appId || !online || !/^[0-9a-f]{32}$/.test(appId)) return;
    const ctl = new AbortController();
    void loadWholeApplication(db, appId, { signal: ctl.signal }).catch(() => undefined);
    return () => ctl.abort();
  }, [db, appId, online]);
}
