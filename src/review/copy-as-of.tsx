// "As of <time>" on every application screen: when the phone's copy last matched the server's, and whether it is behind
// (only the list's summary, or older than a change the server reported), so nobody acts on a stale copy unknowingly.
import { useLiveQuery } from 'dexie-react-hooks';
import { copyAsOf } from '../db/freshness';
import { useApplication } from '../db/hooks';
import type { UserDb } from '../db/user-db';
import { useUserDb } from '../db/user-db-context';
import { formatDateTime } from '../lib/format';
import { useOnline } from '../lib/use-online';
import { useWholeLoading } from './use-whole-application';
import { msg } from '../../contracts/msg';
import { t } from '../i18n';

export const BEHIND_TEXT = {
  stale: msg('changed on the server since: refresh with a network before acting on it'),
  partial: msg(`only the list's summary is on this phone`),
  unsent: msg('with changes of this phone not yet sent'),
} as const;

const useUnsentCount = (db: UserDb | null, appId: string) =>
  useLiveQuery(
    async () =>
      db
        ? db.outbox
            .where('appId')
            .equals(appId)
            .filter((o) => o.state !== 'done')
            .count()
        : 0,
    [db, appId],
    0,
  );

export function CopyAsOf({ appId }: { appId: string }) {
  const db = useUserDb();
  const online = useOnline();
  const row = useApplication(db, appId);
  const loading = useWholeLoading(appId);
  const unsent = useUnsentCount(db, appId);
  const at = copyAsOf(row);
  if (!row || at === null) return null;
  const notes = [
    row.data.stale ? BEHIND_TEXT.stale : null,
    row.data.partial ? BEHIND_TEXT.partial : null,
    unsent > 0 ? BEHIND_TEXT.unsent : null,
  ]
    .filter((n) => n !== null)
    .map((n) => t(n));
  const behind = !!row.data.stale || !!row.data.partial;
  return (
    <p className={`copy-as-of small${behind ? ' copy-as-of--behind' : ' muted'}`} data-testid="copy-as-of">
      {t('As of {time}', { time: formatDateTime(at) })}
      {notes.length ? `, ${notes.join('; ')}` : ''}
      {loading && online ? ` · ${t('refreshing...')}` : ''}
    </p>
  );
}
