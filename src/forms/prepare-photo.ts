// From a captured or picked file to what we store: downscaled in a worker, renamed if re-encoded, geotagged.
import type { GeoTag } from '../../contracts/files';
import { NO_GEOTAG, resolveGeoTag } from '../lib/geotag';
import { renameForJpeg, resizeImage } from '../lib/image-resize';
import { pickedFileRefusal, RefusedFile } from './check-picked-file';

export type PreparedPhoto = { blob: Blob; name: string; mime: string; size: number; geoTag: GeoTag };
export type PrepareDeps = { resize?: (b: Blob) => Promise<Blob>; geoTag?: (b: Blob, how: 'captured' | 'picked') => Promise<GeoTag> };

export const isPdf = (file: Blob) => file.type === 'application/pdf';

/**
 * The geotag is read from the original (EXIF survives only there); the stored bytes are the resized copy.
 * A PDF (a document picked from the phone) is kept as it is, without a location.
 */
export async function preparePhoto(file: File, how: 'captured' | 'picked', deps: PrepareDeps = {}): Promise<PreparedPhoto> {
  const refusal = await pickedFileRefusal(file);
  if (refusal) throw new RefusedFile(refusal);
  if (isPdf(file)) return { blob: file, name: file.name, mime: file.type, size: file.size, geoTag: { ...NO_GEOTAG } };
  const [geoTag, blob] = await Promise.all([
    (deps.geoTag ?? resolveGeoTag)(file, how),
    (deps.resize ?? resizeImage)(file),
  ]);
  const mime = blob.type || file.type || 'application/octet-stream';
  return { blob, name: renameForJpeg(file.name, blob), mime, size: blob.size, geoTag };
}
