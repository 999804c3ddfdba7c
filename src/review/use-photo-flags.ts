// Each visit photo's integrity flags, so the review summary shows them under the photo they are about: the server's
// (its file list, fetched when online and kept on the phone for offline reading) by file id, and the flags the phone
// found itself for photos not sent yet, by the phone's id.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { IntegrityFlag } from '../../contracts/photo-integrity';
import { type ApplicationFile, getApplicationFiles } from '../api/applications/get-application-files';
import { cacheList } from '../db/records';
import { useUserDb } from '../db/user-db-context';
import { useOnline } from '../lib/use-online';
import { evidenceListKey, localFlags } from '../photos/local-evidence';

export type PhotoFlags = ReadonlyMap<string, readonly IntegrityFlag[]>;
const NONE: PhotoFlags = new Map();

/** The application's server file list, read again whenever the phone is online and kept for offline reading. */
export function useFreshEvidenceList(appId: string) {
  const db = useUserDb();
  const online = useOnline();
  useEffect(() => {
    if (db && online)
      getApplicationFiles(appId)
        .then((r) => cacheList(db, evidenceListKey(appId), r.data.files))
        .catch(() => undefined);
  }, [db, appId, online]);
}

export function usePhotoFlags(appId: string): PhotoFlags {
  const db = useUserDb();
  useFreshEvidenceList(appId);
  return (
    useLiveQuery(async () => {
      if (!db) return NONE;
      const server = ((await db.lists.get(evidenceListKey(appId)))?.value as ApplicationFile[] | undefined) ?? [];
      const out = new Map<string, readonly IntegrityFlag[]>(server.map((f) => [f.file_id, f.integrity_flags ?? []]));
      for (const file of await db.files.where('appId').equals(appId).toArray()) {
        if (!file.evidence || (file.serverFileId && out.has(file.serverFileId))) continue;
        out.set(file.id, await localFlags(db, file));
      }
      return out;
    }, [db, appId]) ?? NONE
  );
}
