// The KYC ('Borrowers Info') submit: one PATCH to basic-info naming its files by local id until their uploads answer.
import type { KycInfo } from '../../../contracts/kyc';
import { draftKey } from '../../db/drafts';
import { patchCachedApplication } from '../../db/records';
import type { UserDb } from '../../db/user-db';
import { geoTagInfo } from '../../lib/geotag';
import { fileRef } from '../../sync/dependency';
import { enqueue } from '../../sync/enqueue';
import { OP_CATALOGUE } from '../../sync/op-catalogue';
import { msg } from '../../../contracts/msg';

export const KYC_STEP = 'kyc';
export const KYC_KIND = OP_CATALOGUE.kyc.kind;
export const kycDraftKey = (appId: string) => draftKey(appId, KYC_STEP);

/** The KYC files (REQ-KYC-2), each a local file id in the form. */
export const KYC_FILES = ['photo_file', 'pan_file', 'aadhaar_front_file', 'aadhaar_back_file', 'voter_id_file'] as const;
export type KycFileField = (typeof KYC_FILES)[number];
export type KycForm = Omit<KycInfo, 'photo_geo_tag_info' | 'no_of_family_members' | 'no_of_earning_members'> & {
  no_of_family_members: number | null;
  no_of_earning_members: number | null;
};

export async function submitKyc(db: UserDb, appId: string, form: KycInfo, now = Date.now()) {
  const photo = await db.files.get(form.photo_file);
  const body = {
    ...form,
    photo_geo_tag_info: geoTagInfo(photo?.geoTag ?? { latitude: 0, longitude: 0 }),
    ...Object.fromEntries(KYC_FILES.map((f) => [f, fileRef(form[f])])),
  };
  return enqueue(
    db,
    OP_CATALOGUE.kyc,
    { appId, at: { appId }, body, label: msg('Borrowers Info (KYC)') },
    {
      draftKeyToClear: kycDraftKey(appId),
      resubmit: true,
      // The phone keeps what was submitted (local file ids), so the step reopens with it, also offline.
      alsoWrite: (tx) => patchCachedApplication(tx, appId, () => ({ ...form, kyc_submitted_at: new Date(now).toISOString() }), now),
    },
    now,
  );
}
