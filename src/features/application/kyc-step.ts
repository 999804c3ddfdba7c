// Submitting the KYC borrower photo: a merge-patch that names the photo by its local id until the upload answers.
import type { GeoTag } from '../../../contracts/files';
import { draftKey } from '../../db/drafts';
import type { UserDb } from '../../db/user-db';
import { fileRef } from '../../sync/dependency';
import { enqueue } from '../../sync/outbox';

export const KYC_STEP = 'kyc';
export const PHOTO_REQUIRED = 'Please upload photo';
export const kycDraftKey = (appId: string) => draftKey(appId, KYC_STEP);

/** Workflow §3: photo_geo_tag_info is JSON text with latitude and longitude (0 and 0 when no GPS). */
export const geoTagInfo = (g: GeoTag) => JSON.stringify({ latitude: g.latitude, longitude: g.longitude });

export async function submitKycPhoto(db: UserDb, appId: string, photoLocalId: string, now = Date.now()) {
  const file = await db.files.get(photoLocalId);
  if (!file) throw new Error(PHOTO_REQUIRED);
  return enqueue(
    db,
    {
      appId,
      kind: 'application.update',
      method: 'PATCH',
      path: `/v1/app/mfi/${appId}`,
      body: { photo_file: fileRef(photoLocalId), photo_geo_tag_info: geoTagInfo(file.geoTag) },
      label: 'Borrower photo details',
    },
    { draftKeyToClear: kycDraftKey(appId) },
    now,
  );
}
