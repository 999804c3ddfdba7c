// A photo for one field of an application: stored on the phone and queued for upload in one transaction.
import type { UserDb } from '../db/user-db';
import { newUuid } from '../lib/ids';
import { enqueueUpload } from '../sync/enqueue';
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

/** The geotag travels with the stored file (sync/upload.ts sends it). Returns the local file id; the form keeps it and its submit refers to it with fileRef(). */
export async function queuePhoto(db: UserDb, target: PhotoTarget, photo: PreparedPhoto, now = Date.now()): Promise<string> {
  const id = newUuid();
  await enqueueUpload(
    db,
    {
      file: {
        id,
        blob: photo.blob,
        name: photo.name,
        mime: photo.mime,
        size: photo.size,
        geoTag: photo.geoTag,
        appId: target.appId,
        field: target.field,
        ...(photo.evidence ? { evidence: photo.evidence } : {}),
      },
      fields: {
        file_type: target.fileType,
        application_id: target.appId,
        ...uploadFields(target.uploadType, target.recordIndex),
        ...(target.phone ? { phone: target.phone } : {}),
      },
      path: uploadPath(target.captured === true && photo.mime.startsWith('image/')),
      label: target.label,
    },
    now,
  );
  return id;
}
