// A reviewer's list brings summaries (server/routes/applications.ts). An application opened on a screen, with
// the network, is fetched whole when the phone holds only its summary, so every step screen starts from the record.
import { useEffect } from 'react';
import { getApplication } from '../api/applications/get-application';
import { cacheRecords } from '../db/records';
import type { UserDb } from '../db/user-db';
import { useSyncRuntime } from '../sync/sync-runtime';
import { useOnline } from '../lib/use-online';

export async function loadWholeApplication(db: UserDb, appId: string, signal?: AbortSignal): Promise<void> {
  const held = (await db.applications.get(appId))?.data;
  if (held && held.partial !== true) return;
  const r = await getApplication(appId, signal);
  await cacheRecords(db, 'applications', [{ id: appId, appId, data: r.data }]);
}

/** For the app frame: the application named by the route's `id`, whole on this phone when online. */
export function useWholeApplication(appId: string | undefined) {
  const db = useSyncRuntime()?.db ?? null;
  const online = useOnline();
  useEffect(() => {
    if (!db || !appId || !online || !/^[0-9a-f]{32}$/.test(appId)) return;
    const ctl = new AbortController();
    void loadWholeApplication(db, appId, ctl.signal).catch(() => undefined);
    return () => ctl.abort();
  }, [db, appId, online]);
}
