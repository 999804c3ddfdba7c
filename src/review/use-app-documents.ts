// The application's documents and photos for the review summary: the server's list when there is a network (kept for
// the rest of the visit), joined with what the phone holds (taken offline, or taken here and not yet uploaded).
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { type ApplicationFile, listApplicationFiles } from '../api/applications/application-files';
import { presignedUrl } from '../api/files/presigned-url';
import type { UserDb } from '../db/user-db';
import { useUserDb } from '../db/user-db-context';
import { useOnline } from '../lib/use-online';
import { type AppDoc, mergeDocuments } from '../workflow/visit-evidence';

export function useAppDocuments(appId: string): AppDoc[] {
  const db = useUserDb();
  const online = useOnline();
  const phone = useLiveQuery(async () => (db ? db.files.where('appId').equals(appId).sortBy('createdAt') : []), [db, appId], []);
  const [server, setServer] = useState<ApplicationFile[] | null>(null);
  useEffect(() => {
    if (!online) return;
    const ctl = new AbortController();
    listApplicationFiles(appId, ctl.signal)
      .then((r) => setServer(r.data.files))
      .catch(() => undefined);
    return () => ctl.abort();
  }, [appId, online]);
  return useMemo(
    () =>
      mergeDocuments(
        server,
        phone.map(({ blob: _b, ...meta }) => meta),
      ),
    [server, phone],
  );
}

export type PreviewState = { kind: 'loading' } | { kind: 'url'; url: string } | { kind: 'none' } | { kind: 'error' };

/**
 * Where to show a document from: the phone's copy when it has one (no network needed), else a presigned URL when
 * online; offline without a copy there is nothing to show ('No preview available'), a refused URL is an error.
 */
export function usePreviewUrl(db: UserDb | null, doc: AppDoc | undefined): PreviewState {
  const online = useOnline();
  const [state, setState] = useState<PreviewState>({ kind: 'loading' });
  const phoneId = doc?.phoneId;
  const fileId = doc?.fileId;
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    const ctl = new AbortController();
    const set = (s: PreviewState) => live && setState(s);
    (async () => {
      const copy = phoneId && db ? await db.files.get(phoneId) : undefined;
      // A preview closed (or moved on) while the phone was still reading the file made its URL after the
      // cleanup had run, and nothing ever revoked it: the decrypted photo stayed in memory for the page's life.
      if (!live) return;
      if (copy) {
        made = URL.createObjectURL(copy.blob);
        return set({ kind: 'url', url: made });
      }
      if (!online || !fileId || !/^[0-9a-f]{32}$/.test(fileId)) return set({ kind: 'none' });
      set({ kind: 'loading' });
      const r = await presignedUrl(fileId, ctl.signal);
      set({ kind: 'url', url: r.data.file_url });
    })().catch(() => set({ kind: 'error' }));
    return () => {
      live = false;
      ctl.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [db, phoneId, fileId, online]);
  return state;
}
