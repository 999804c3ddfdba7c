// The 'Take offline' part of an expanded applications-list row (verification and review roles): fetch the
// application's data and documents onto the phone at the branch, then see what is held and the documents themselves.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import type { FilePreview } from '../../components/ui/file-preview';
import { MessageLine } from '../../components/ui/message-line';
import { PreviewCard } from '../../components/ui/preview-card';
import { isHeldServerFile } from '../../db/files';
import { useMeta } from '../../db/hooks';
import type { UserDb } from '../../db/user-db';
import { appKeptForOffline } from '../../lib/app-kept-offline';
import { formatBytes, formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/use-online';
import { useSyncRuntime } from '../../sync/sync-runtime';
import { type TakenOffline, takenOfflineKey, takeOffline } from './take-offline';
import { useApplication } from '../../db/hooks';
import { copyIsBehind } from '../../db/freshness';
import { behindWarning } from '../../review/held-copies';
import { t } from '../../i18n';

const fetchFile = async (url: string) => {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
};

/** Object URLs of the server documents held on the phone for one application (revoked when they change). */
function useHeldDocuments(db: UserDb | null, appId: string): FilePreview[] {
  const files = useLiveQuery(
    async () => (db ? (await db.files.where('appId').equals(appId).sortBy('createdAt')).filter((f) => isHeldServerFile(f.id)) : []),
    [db, appId],
    [],
  );
  const [previews, setPreviews] = useState<FilePreview[]>([]);
  useEffect(() => {
    const made = files.map((f) => ({ id: f.id, name: f.name.replace(/_/g, ' '), type: f.mime, url: URL.createObjectURL(f.blob) }));
    setPreviews(made);
    return () => {
      for (const p of made) URL.revokeObjectURL(p.url);
    };
  }, [files]);
  return previews;
}

/** `expanded`: the row is open, so what is held and its documents show too; closed, the row shows only the button. */
export function TakeOfflinePanel({ db, appId, expanded = true }: { db: UserDb | null; appId: string; expanded?: boolean }) {
  const runtime = useSyncRuntime();
  const online = useOnline();
  const held = useMeta<TakenOffline>(db, takenOfflineKey(appId));
  const previews = useHeldDocuments(db, appId);
  const copy = useApplication(db, appId);
  const behind = !!held && !!copy && copyIsBehind(copy.data);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const take = async () => {
    if (!db || !runtime) return;
    setBusy(true);
    setError(null);
    try {
      // The change feed first: every application the phone holds is as fresh as the one taken. The app's own screens
      // must be on the phone too before it says the visit's data is.
      const [, kept] = await Promise.all([runtime.puller?.pull(), appKeptForOffline()]);
      if (!kept) throw new Error(t('the app itself could not be kept on this phone'));
      await takeOffline(db, runtime.transport, fetchFile, appId);
    } catch (err) {
      setError(
        t('Could not take it offline: {reason}. Try again with a network.', {
          reason: err instanceof Error ? err.message : t('no answer'),
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button
      variant="outline"
      size="sm"
      busy={busy}
      busyText={t('Taking offline...')}
      disabled={!online || !runtime}
      onClick={() => void take()}
    >
      {held ? t('Refresh offline copy') : t('Take offline')}
    </Button>
  );
  if (!expanded)
    return (
      <div className="take-offline take-offline--row">
        {button}
        {behind && (
          <MessageLine variant="warning">{behindWarning([{ id: appId, name: copy.data.name ?? t('This application') }])}</MessageLine>
        )}
        {error && <MessageLine variant="error">{error}</MessageLine>}
      </div>
    );
  return (
    <div className="stack take-offline">
      {held ? (
        <MessageLine variant={held.failed.length ? 'warning' : 'success'}>
          {t(
            '{count, plural, one {On this phone for the visit: data and # document ({size}), taken {at}} other {On this phone for the visit: data and # documents ({size}), taken {at}}}',
            { count: held.files, size: formatBytes(held.bytes), at: formatDateTime(held.at) },
          )}
          {held.failed.length ? `. ${t('Not fetched: {files}', { files: held.failed.join(', ') })}` : ''}
        </MessageLine>
      ) : (
        <MessageLine variant="info">
          {t('Take it offline at the branch to have its data and documents on the phone for the visit.')}
        </MessageLine>
      )}
      {behind && (
        <MessageLine variant="warning">{behindWarning([{ id: appId, name: copy.data.name ?? t('This application') }])}</MessageLine>
      )}
      {error && <MessageLine variant="error">{error}</MessageLine>}
      {button}
      {!online && !held && <span className="muted small">{t('Needs a network.')}</span>}
      {previews.length > 0 && <PreviewCard previews={previews} />}
    </div>
  );
}

/** Ids of the applications taken offline on this phone. */
export function useTakenOfflineIds(db: UserDb | null): Set<string> {
  const keys = useLiveQuery(
    async () => (db ? ((await db.meta.where('key').startsWith(takenOfflineKey('')).primaryKeys()) as string[]) : []),
    [db],
    [],
  );
  return new Set(keys.map((k) => k.slice(takenOfflineKey('').length)));
}
