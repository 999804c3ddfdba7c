// From a captured or picked file to what we store: downscaled in a worker, renamed if re-encoded, geotagged.
// A visit photo also carries its evidence: camera or picked, when, its dHash, EXIF time and place, and the
// reason the officer gave for a worse location fix.
import type { GeoTag } from '../../contracts/files';
import type { PhotoEvidence } from '../../contracts/photo-integrity';
import { NO_GEOTAG, resolveGeoTag } from '../lib/geotag';
import { renameForJpeg, resizeAndHash } from '../lib/image-resize';
import { type ExifEvidence, readExifEvidence } from '../lib/photo-exif';
import { keptAsIs, pickedFileRefusal, RefusedFile, sniffType } from './check-picked-file';

export type PreparedPhoto = { blob: Blob; name: string; mime: string; size: number; geoTag: GeoTag; evidence?: PhotoEvidence };
export type PrepareDeps = {
  resize?: (b: Blob) => Promise<Blob | { blob: Blob; hash: string | null }>;
  geoTag?: (b: Blob, how: 'captured' | 'picked') => Promise<GeoTag>;
  exif?: (b: Blob) => Promise<ExifEvidence>;
};
/** A visit photo's location is the live fix the officer waited for (or accepted, with a reason). */
export type VisitCapture = { fix: GeoTag; takenAt: string; reason?: string };

export const isPdf = (file: Blob) => file.type === 'application/pdf';

/**
 * The geotag is read from the original (EXIF survives only there); the stored bytes are the resized copy.
 * A PDF (a document picked from the phone) is kept as it is, without a location.
 */
export async function preparePhoto(
  file: File,
  how: 'captured' | 'picked',
  deps: PrepareDeps = {},
  visit?: VisitCapture,
  types?: readonly string[],
): Promise<PreparedPhoto> {
  const refusal = await pickedFileRefusal(file, { types });
  if (refusal) throw new RefusedFile(refusal);
  if (isPdf(file)) return { blob: file, name: file.name, mime: file.type, size: file.size, geoTag: { ...NO_GEOTAG } };
  if (keptAsIs(sniffType(new Uint8Array(await file.slice(0, 8).arrayBuffer())) ?? '', types)) {
    const geoTag = await (deps.geoTag ?? resolveGeoTag)(file, how);
    return { blob: file, name: file.name, mime: 'image/png', size: file.size, geoTag };
  }
  const [geoTag, resized, exif] = await Promise.all([
    visit ? visit.fix : (deps.geoTag ?? resolveGeoTag)(file, how),
    (deps.resize ?? resizeAndHash)(file),
    visit ? (deps.exif ?? readExifEvidence)(file) : {},
  ]);
  const { blob, hash } = resized instanceof Blob ? { blob: resized, hash: null } : resized;
  const mime = blob.type || file.type || 'application/octet-stream';
  const evidence: PhotoEvidence | undefined = visit && {
    capture: how === 'captured' ? 'camera' : 'picked',
    taken_at: visit.takenAt,
    ...(hash ? { photo_hash: hash } : {}),
    ...exif,
    ...(visit.reason ? { accuracy_reason: visit.reason } : {}),
  };
  return { blob, name: renameForJpeg(file.name, blob), mime, size: blob.size, geoTag, ...(evidence ? { evidence } : {}) };
}
