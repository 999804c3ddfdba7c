// The applications a visit phone took offline whose copy is behind the server's last change it knows of (the list
// reported a newer change, or only a summary is held): the phone warns before the visit rather than in the field.
import { useLiveQuery } from 'dexie-react-hooks';
import { copyIsBehind, takenOfflineKey } from '../db/freshness';
import type { UserDb } from '../db/user-db';
import { t } from '../i18n';

export type BehindCopy = { id: string; name: string };

export async function behindHeldCopies(db: UserDb): Promise<BehindCopy[]> {
  const keys = (await db.meta.where('key').startsWith(takenOfflineKey('')).primaryKeys()) as string[];
  const ids = keys.map((k) => k.slice(takenOfflineKey('').length));
  const rows = await db.applications.bulkGet(ids);
  return rows.flatMap((r) => (r && copyIsBehind(r.data) ? [{ id: r.id, name: r.data.name ?? `+91 ${r.data.phone ?? ''}` }] : []));
}

const NONE: BehindCopy[] = [];
export const useBehindHeldCopies = (db: UserDb | null) => useLiveQuery(() => (db ? behindHeldCopies(db) : NONE), [db], NONE);

export const behindWarning = (copies: readonly BehindCopy[]) =>
  t(
    'Changed at the branch after it was taken offline: {names}. Refresh the offline copy with a network before the visit, or the visit works from the older copy.',
    { names: copies.map((c) => c.name).join(', ') },
  );
