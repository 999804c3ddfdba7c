// A geotagged photo field for an application: capture or pick, keep on the phone, upload through the outbox.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { msg } from '../../contracts/msg';
import { FileField } from '../components/ui/file-field';
import { MessageLine } from '../components/ui/message-line';
import { discardLocalFile } from '../db/files';
import { appsWithSamePhoto, rememberPhotoHash } from '../db/photo-hashes';
import type { UserDb } from '../db/user-db';
import { t } from '../i18n';
import { isMissingGeoTag } from '../lib/geotag';
import { whileBusy } from '../lib/busy-store';
import { toast } from '../lib/toast';
import { useOnline } from '../lib/use-online';
import { RefusedFile } from './check-picked-file';
import { fullPhoneText } from './storage-full-text';
import { EvidenceFlags } from './evidence-flags';
import { accuracyLimitM, localFlags } from './local-evidence';
import { LocationWait } from './location-wait';
import { preparePhoto, type VisitCapture } from './prepare-photo';
import { type PhotoTarget, queuePhoto } from './queue-photo';
import { useLocalPhoto } from './use-local-photo';

export const NO_LOCATION_TEXT = msg('No location was found for this photo. It will be sent with location 0, 0.');
export const WAITING_TEXT = msg('Saved on this phone. It will upload when you are back online.');
export const QUEUED_TEXT = msg('Saved on this phone. Uploading shortly.');
export const STATUS_FAILED_TEXT = msg('Upload failed. Pick the file again.');
export const STORED_LOADING_TEXT = msg('Stored with the application. Loading its preview...');
export const STORED_OFFLINE_TEXT = msg('Stored with the application. Its preview shows when online.');
export const BEING_SENT_TEXT = msg('This photo is being sent; try again in a moment.');
export const SAME_PHOTO_TEXT = msg(
  'This photo looks the same as a photo of another application on this phone. It will be flagged for the reviewer.',
);

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
  /**
   * A visit photo (shop, selfies, house, PD2): camera first (a picked file is flagged), a location fix within
   * the lender's accuracy limit or a reason, and its evidence (hash, times, EXIF place) kept and sent with it.
   */
  visit?: boolean;
  /** The only types the field takes (REQ-FILE-3: the business proof is png or PDF); camera capture only with JPEG. */
  types?: readonly string[];
};

type Pending = { file: File; how: 'captured' | 'picked'; takenAt: string };

export function PhotoField({ db, target, label, value, onChange, error, disabled, allowPdf, visit, types }: Props) {
  const photo = useLocalPhoto(db, value);
  const online = useOnline();
  const [preparing, setPreparing] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const file = photo.file;
  const flags = useLiveQuery(async () => (db && file?.evidence ? localFlags(db, file) : []), [db, file]);
  const [refusal, setRefusal] = useState<string | null>(null);
  // REQ-FILE-1: a failed upload clears the value, the previews and the files; the field keeps saying it failed.
  const [failed, setFailed] = useState<string | null>(null);
  const failedNow = photo.status === 'FAILED' && !!value;
  useEffect(() => {
    if (!failedNow || !db || !value) return;
    const reason = photo.reason ?? t(STATUS_FAILED_TEXT);
    void discardLocalFile(db, value).then((gone) => {
      if (!gone) return;
      setFailed(reason);
      onChange(null);
    });
  }, [failedNow, db, value, photo.reason, onChange]);

  function take(file: File, how: 'captured' | 'picked') {
    if (visit) setPending({ file, how, takenAt: new Date().toISOString() });
    else void save(file, how);
  }

  async function save(file: File, how: 'captured' | 'picked', capture?: VisitCapture) {
    if (!db) return;
    setPreparing(true);
    setRefusal(null);
    setFailed(null);
    try {
      // The screen waits (the loading overlay) until the photo is resized and saved on the phone, so a submit never
      // goes out without it.
      const id = await whileBusy(
        (async () => {
          const prepared = await preparePhoto(file, how, {}, capture, types);
          const saved = await queuePhoto(db, { ...target, captured: how === 'captured' }, prepared);
          if (value) await discardLocalFile(db, value);
          const hash = prepared.evidence?.photo_hash;
          if (hash) {
            if ((await appsWithSamePhoto(db, target.appId, hash)).length > 0) toast.warning(t(SAME_PHOTO_TEXT));
            await rememberPhotoHash(db, { fileId: saved, appId: target.appId, hash });
          }
          return saved;
        })(),
      );
      onChange(id);
    } catch (err) {
      // A file that can never pass says why beside the field, once; nothing was stored or queued.
      // A full phone says so beside the field too, until the next save: what was not saved and how to make room.
      const full = fullPhoneText(err, target.label);
      if (err instanceof RefusedFile) setRefusal(err.message);
      else if (full) setRefusal(full);
      else toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setPreparing(false);
    }
  }

  async function clear() {
    if (!db || !value) return onChange(null);
    if (await discardLocalFile(db, value)) onChange(null);
    else toast.info(t(BEING_SENT_TEXT));
  }

  const geo = file?.geoTag;
  return (
    <FileField
      label={label}
      accept={types ? types.join(',') : allowPdf ? 'image/jpeg,image/png,application/pdf' : 'image/jpeg,image/png'}
      status={preparing ? 'PROGRESS' : failed && !value ? 'FAILED' : photo.status}
      progress={preparing ? undefined : photo.progress}
      previews={photo.previews}
      onPick={(files) => files[0] && take(files[0], 'picked')}
      onCapture={(f) => take(f, 'captured')}
      onClear={() => void clear()}
      cameraEnabled={!types || types.includes('image/jpeg')}
      cameraFirst={visit}
      disabled={disabled || !db || pending !== null}
      error={refusal ?? (failed && !value ? failed : undefined) ?? error ?? (photo.status === 'FAILED' ? photo.reason : undefined)}
    >
      {file &&
        geo &&
        file.mime !== 'application/pdf' &&
        (isMissingGeoTag(geo) ? (
          <MessageLine variant="warning">{t(NO_LOCATION_TEXT)}</MessageLine>
        ) : (
          <span className="muted small" data-testid="geotag">
            {geo.accuracy
              ? t('Location {lat}, {lon} (±{metres} m)', {
                  lat: geo.latitude.toFixed(5),
                  lon: geo.longitude.toFixed(5),
                  metres: Math.round(geo.accuracy),
                })
              : t('Location {lat}, {lon}', { lat: geo.latitude.toFixed(5), lon: geo.longitude.toFixed(5) })}
          </span>
        ))}
      {pending && (
        <LocationWait
          limitM={accuracyLimitM()}
          onCancel={() => setPending(null)}
          onAccept={(fix, reason) => {
            setPending(null);
            void save(pending.file, pending.how, { fix, takenAt: pending.takenAt, reason });
          }}
        />
      )}
      {file?.evidence && flags && flags.length > 0 && <EvidenceFlags flags={flags} />}
      {photo.waiting && <MessageLine variant="info">{online ? t(QUEUED_TEXT) : t(WAITING_TEXT)}</MessageLine>}
      {photo.stored && photo.previews.length === 0 && (
        <span className="muted small">{online ? t(STORED_LOADING_TEXT) : t(STORED_OFFLINE_TEXT)}</span>
      )}
    </FileField>
  );
}
