// What a photo field shows: its upload status, progress, a preview from the local Blob (works offline), the geotag.
// A reopened record's document is a server file id the phone may not hold: it shows as uploaded (it is stored), read
// from the phone's copy when the application was taken offline, else previewed from the server when online.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { FilePreview } from '../components/ui/file-preview';
import type { UploadStatus } from '../components/ui/file-field';
import { presignedUrl } from '../api/files/presigned-url';
import { heldServerFileId } from '../db/files';
import type { FileRow, OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';
import { t } from '../i18n';
import { useOnline } from '../lib/use-online';
import { parkedReason } from '../sync/op-text';

export type LocalPhoto = {
  status: UploadStatus;
  progress?: number;
  previews: FilePreview[];
  file?: FileRow;
  reason?: string;
  /** Kept on the phone, its upload queued (offline this can last hours, so the field stays usable). */
  waiting?: boolean;
  /** A document the server holds and this phone does not (a reopened record): uploaded, previewed when online. */
  stored?: boolean;
};

/** Server file ids are 32 hex characters; the phone's own are uuids (and `srv:` for a held server copy). */
export const isServerFileId = (id: string) => /^[0-9a-f]{32}$/.test(id);

export function photoStatus(file: FileRow | undefined, op: OutboxOp | undefined): Omit<LocalPhoto, 'previews'> {
  if (!file) return { status: 'NONE' };
  if (file.uploadState === 'uploaded') return { status: 'SUCCESS', file };
  if (file.uploadState === 'failed' || op?.state === 'needs-attention') {
    return { status: 'FAILED', file, reason: op ? parkedReason(op) : undefined };
  }
  if (op?.state === 'sending' || file.uploadState === 'uploading') {
    return { status: 'PROGRESS', file, progress: file.size > 0 ? Math.min(1, file.bytesSent / file.size) : undefined };
  }
  return { status: 'NONE', file, waiting: true };
}

export function useLocalPhoto(db: UserDb | null, fileId: string | null | undefined): LocalPhoto {
  const online = useOnline();
  const row = useLiveQuery(async () => {
    if (!db || !fileId) return { file: undefined, op: undefined };
    const [own, op] = await Promise.all([db.files.get(fileId), db.outbox.where('fileId').equals(fileId).last()]);
    const file = own ?? (isServerFileId(fileId) ? await db.files.get(heldServerFileId(fileId)) : undefined);
    return { file, op };
  }, [db, fileId]);
  const file = row?.file;
  const stored = !!row && !file && !!fileId && isServerFileId(fileId);
  const [url, setUrl] = useState<{ url: string; type: string } | null>(null);
  useEffect(() => {
    if (file?.blob) {
      const u = URL.createObjectURL(file.blob);
      setUrl({ url: u, type: file.mime });
      return () => URL.revokeObjectURL(u);
    }
    setUrl(null);
    if (!stored || !online || !fileId) return;
    // The stored document's bytes, read through its short-lived URL, kept in memory for this field only.
    let made: string | null = null;
    const ctl = new AbortController();
    presignedUrl(fileId, ctl.signal)
      .then((r) => fetch(r.data.file_url, { signal: ctl.signal }))
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || ctl.signal.aborted) return;
        made = URL.createObjectURL(blob);
        setUrl({ url: made, type: blob.type });
      })
      .catch(() => undefined);
    return () => {
      ctl.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [file?.blob, file?.mime, stored, online, fileId]);
  if (stored && fileId) {
    return {
      status: 'SUCCESS',
      stored: true,
      previews: url ? [{ id: fileId, name: t('Stored document'), type: url.type, url: url.url }] : [],
    };
  }
  const status = photoStatus(file, row?.op);
  return { ...status, previews: file && url ? [{ id: file.id, name: file.name, type: url.type, url: url.url }] : [] };
}
