// A photo for one field of an application: stored on the phone and queued for upload in one transaction.
import type { UserDb } from '../db/user-db';
import { newUuid } from '../lib/ids';
import type { NewFile } from '../db/files';
import { enqueueBulkUpload, enqueueUpload } from '../sync/enqueue';
import { SINGLE_UPLOAD_MAX_BYTES } from '../sync/upload';
import type { PreparedPhoto } from './prepare-photo';
import { uploadFields, uploadPath } from './upload-fields';

export type PhotoTarget = {
  appId: string;
  /** Form field the file belongs to, e.g. photo_file. */
  field: string;
  /** Upload file_type, e.g. BORROWER_PHOTO. */
  fileType: string;
  /** The field's purpose (KYC, APPLY_LOAN, …) or upload type (LOAN_APPLICANT_…): see upload-fields.ts. */
  uploadType?: string;
  /** The record a co-applicant's (or family member's) document belongs to. */
  recordIndex?: number;
  /** Taken with the camera: sent by the captured-image call. */
  captured?: boolean;
  phone?: string;
  label: string;
};

const fieldsOf = (target: PhotoTarget) => ({
  file_type: target.fileType,
  application_id: target.appId,
  ...uploadFields(target.uploadType, target.recordIndex),
  ...(target.phone ? { phone: target.phone } : {}),
});

/** At most this many files share one bulk request: the server takes five upload-limits of bytes in one. */
export const BULK_GROUP_MAX = 5;

/**
 * The ways a pick of several documents goes: a file too large for one request alone (its own upload, chunked on a
 * slow link), the others together, in groups of up to BULK_GROUP_MAX. A group of one is a single upload.
 */
export function bulkGroups<T extends { size: number }>(picked: T[]): T[][] {
  const large = picked.filter((p) => p.size > SINGLE_UPLOAD_MAX_BYTES).map((p) => [p]);
  const small = picked.filter((p) => p.size <= SINGLE_UPLOAD_MAX_BYTES);
  const groups: T[][] = [];
  for (let i = 0; i < small.length; i += BULK_GROUP_MAX) groups.push(small.slice(i, i + BULK_GROUP_MAX));
  return [...groups, ...large];
}

/**
 * Documents picked together for one field (bank statements): stored on the phone and queued as one bulk upload,
 * in one transaction. Returns the local file ids in the order given; one document goes by queuePhoto.
 */
export async function queuePhotos(db: UserDb, target: PhotoTarget, photos: PreparedPhoto[], now = Date.now()): Promise<string[]> {
  const [one, ...more] = photos;
  if (!one) return [];
  if (more.length === 0) return [await queuePhoto(db, target, one, now)];
  const files = photos.map((photo) => fileOf(target, photo, newUuid()));
  const [first, ...rest] = files;
  if (!first) return [];
  await enqueueBulkUpload(db, { files: [first, ...rest], fields: fieldsOf(target), label: target.label }, now);
  return files.map((f) => f.id);
}

/** The stored file of a prepared photo, with its geotag and the phone's evidence. */
const fileOf = (target: PhotoTarget, photo: PreparedPhoto, id: string): NewFile => ({
  id,
  blob: photo.blob,
  name: photo.name,
  mime: photo.mime,
  size: photo.size,
  geoTag: photo.geoTag,
  appId: target.appId,
  field: target.field,
  ...(photo.evidence ? { evidence: photo.evidence } : {}),
});

/** The geotag travels with the stored file (sync/upload.ts sends it). Returns the local file id; the form keeps it and its submit refers to it with fileRef(). */
export async function queuePhoto(db: UserDb, target: PhotoTarget, photo: PreparedPhoto, now = Date.now()): Promise<string> {
  const id = newUuid();
  await enqueueUpload(
    db,
    {
      file: fileOf(target, photo, id),
      fields: fieldsOf(target),
      path: uploadPath(target.captured === true && photo.mime.startsWith('image/')),
      label: target.label,
    },
    now,
  );
  return id;
}
