// What a photo field shows: its upload status, progress, a preview from the local Blob (works offline), the geotag.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { FilePreview } from '../components/ui/file-preview';
import type { UploadStatus } from '../components/ui/file-field';
import type { FileRow, OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';
import { parkedReason } from '../sync/op-text';

export type LocalPhoto = {
  status: UploadStatus;
  progress?: number;
  previews: FilePreview[];
  file?: FileRow;
  reason?: string;
  /** Kept on the phone, its upload queued (offline this can last hours, so the field stays usable). */
  waiting?: boolean;
};

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
  const row = useLiveQuery(async () => {
    if (!db || !fileId) return { file: undefined, op: undefined };
    const [file, op] = await Promise.all([db.files.get(fileId), db.outbox.where('fileId').equals(fileId).last()]);
    return { file, op };
  }, [db, fileId]);
  const file = row?.file;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file?.blob) return setUrl(null);
    const u = URL.createObjectURL(file.blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file?.blob]);
  const status = photoStatus(file, row?.op);
  return { ...status, previews: file && url ? [{ id: file.id, name: file.name, type: file.mime, url }] : [] };
}
