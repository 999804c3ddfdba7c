// A geotagged photo field for an application: capture or pick, keep on the phone, upload through the outbox.
import { useState } from 'react';
import { FileField } from '../components/ui/file-field';
import { MessageLine } from '../components/ui/message-line';
import { discardLocalFile } from '../db/files';
import type { UserDb } from '../db/user-db';
import { isMissingGeoTag } from '../lib/geotag';
import { whileBusy } from '../lib/busy-store';
import { toast } from '../lib/toast';
import { useOnline } from '../lib/use-online';
import { RefusedFile } from './check-picked-file';
import { preparePhoto } from './prepare-photo';
import { type PhotoTarget, queuePhoto } from './queue-photo';
import { useLocalPhoto } from './use-local-photo';

export const NO_LOCATION_TEXT = 'No location was found for this photo. It will be sent with location 0, 0.';
export const WAITING_TEXT = 'Saved on this phone. It will upload when you are back online.';
export const QUEUED_TEXT = 'Saved on this phone. Uploading shortly.';
export const BEING_SENT_TEXT = 'This photo is being sent; try again in a moment.';

type Props = {
  db: UserDb | null;
  target: PhotoTarget;
  label: string;
  /** Local file id (files table) or null. */
  value: string | null;
  onChange: (localFileId: string | null) => void;
  error?: string;
  disabled?: boolean;
  /** Documents (PAN, Aadhaar, voter id) may also be PDFs; photos are images only. */
  allowPdf?: boolean;
};

export function PhotoField({ db, target, label, value, onChange, error, disabled, allowPdf }: Props) {
  const photo = useLocalPhoto(db, value);
  const online = useOnline();
  const [preparing, setPreparing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function take(file: File, how: 'captured' | 'picked') {
    if (!db) return;
    setPreparing(true);
    setRefusal(null);
    try {
      // The screen waits (the loading overlay) until the photo is resized and saved on the phone, so a submit never
      // goes out without it.
      const id = await whileBusy((async () => {
        const prepared = await preparePhoto(file, how);
        const saved = await queuePhoto(db, target, prepared);
        if (value) await discardLocalFile(db, value);
        return saved;
      })());
      onChange(id);
    } catch (err) {
      // A file that can never pass says why beside the field, once; nothing was stored or queued.
      if (err instanceof RefusedFile) setRefusal(err.message);
      else toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setPreparing(false);
    }
  }

  async function clear() {
    if (!db || !value) return onChange(null);
    if (await discardLocalFile(db, value)) onChange(null);
    else toast.info(BEING_SENT_TEXT);
  }

  const file = photo.file;
  const geo = file?.geoTag;
  return (
    <FileField
      label={label}
      accept={allowPdf ? 'image/jpeg,image/png,application/pdf' : 'image/jpeg,image/png'}
      status={preparing ? 'PROGRESS' : photo.status}
      progress={preparing ? undefined : photo.progress}
      previews={photo.previews}
      onPick={(files) => files[0] && void take(files[0], 'picked')}
      onCapture={(f) => void take(f, 'captured')}
      onClear={() => void clear()}
      cameraEnabled
      disabled={disabled || !db}
      error={refusal ?? error ?? (photo.status === 'FAILED' ? photo.reason : undefined)}
    >
      {file && geo && file.mime !== 'application/pdf' && (isMissingGeoTag(geo)
        ? <MessageLine variant="warning">{NO_LOCATION_TEXT}</MessageLine>
        : <span className="muted small" data-testid="geotag">Location {geo.latitude.toFixed(5)}, {geo.longitude.toFixed(5)}{geo.accuracy ? ` (±${Math.round(geo.accuracy)} m)` : ''}</span>)}
      {photo.waiting && <MessageLine variant="info">{online ? QUEUED_TEXT : WAITING_TEXT}</MessageLine>}
    </FileField>
  );
}
