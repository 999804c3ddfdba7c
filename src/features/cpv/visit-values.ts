// What the visit form starts from and keeps: the stored visit, the values it fills in, the copy the phone holds until
// the server answers, and what still waits for approval. Pure: the form and the screen share it.
import { CPV_NUMBER_FIELDS, CPV_PHOTO_FIELDS, CPV_REMARKS_KEY, type CpvInfo, type CpvPhotoField } from '../../../contracts/cpv';
import type { Deviation } from '../../../contracts/deviations';
import { heldServerFileId } from '../../db/files';
import type { SummaryApp } from '../../review/review-summary';
import { waitingDeviations } from '../../workflow/deviation-items';
import { visitsOf } from '../../workflow/visit-evidence';

export type Visit = Record<string, unknown>;
export type AppData = SummaryApp & {
  phone?: string;
  deviations?: Deviation[];
  bank_account?: { deviations?: Deviation[] };
  is_pd1_complete?: boolean;
  is_pd2_complete?: boolean;
  cpv_business?: Visit;
  cpv_residence?: Visit;
  loan_type?: string;
};
/**
 * The visit the form starts from: the stored one. The review role's PD2 is a visit of its own: it starts empty and shows
 * PD1's figures under each field (a copy of PD1's values and photos would be signed without being looked at).
 */
export function storedVisit(app: AppData | undefined, type: string): Visit | undefined {
  return type === 'RESIDENCE_VERIFICATION' ? app?.cpv_residence : app?.cpv_business;
}

/** A list summary is not the record: the form waits for the whole application rather than open empty. */
export const wholeOnPhone = (app: { partial?: unknown } | undefined) => !!app && app.partial !== true;

const SELFIES = ['shop_selfie_photo_file', 'house_selfie_photo_file'];

/**
 * The form's values for a visit already stored on the server (REQ-CPV-3 'existing values'): numbers and remarks as
 * typed; a photo as its copy on this phone when the application was taken offline (`srv:{file_id}`), else the stored
 * file id, sent back as it is. The review role's selfies are never carried over: it must add its own with the ACM.
 */
export function visitDefaults(visit: Visit | undefined, held: ReadonlySet<string>, isReviewRole: boolean): Record<string, unknown> {
  if (!visit) return {};
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(CPV_NUMBER_FIELDS)) if (typeof visit[k] === 'number') out[k] = String(visit[k]);
  if (typeof visit[CPV_REMARKS_KEY] === 'string') out[CPV_REMARKS_KEY] = visit[CPV_REMARKS_KEY];
  for (const f of [...Object.keys(CPV_PHOTO_FIELDS), 'qr_code_upload']) {
    const id = visit[f];
    if (typeof id !== 'string' || !id || (isReviewRole && SELFIES.includes(f))) continue;
    out[f] = held.has(heldServerFileId(id)) ? heldServerFileId(id) : id;
  }
  return out;
}

/** The visit as the phone keeps it until the server answers: the form's values and the photos' geotags. */
export const visitCopy = (info: CpvInfo, photos: Record<string, unknown>) => ({
  ...info,
  ...Object.fromEntries(Object.entries(photos).filter(([k]) => k.endsWith('_geo_tag'))),
});

export const BUSINESS_PHOTOS: CpvPhotoField[] = ['shop_photo_file', 'shop_selfie_photo_file', 'shop_photo_pd2_file'];
export const HOUSE_PHOTOS: CpvPhotoField[] = ['house_selfie_photo_file', 'house_photo_pd2_file'];

export type CoRecord = { status?: string; deviations?: Deviation[] };
/** REQ-DEV-2: what still waits for approval, counted as the Deviations screen counts it. */
export const unapproved = (d: AppData | undefined, coApplicants: readonly CoRecord[] = []) => waitingDeviations(d, coApplicants);

/** What the form's defaults come from: it starts again when a fresher copy changes that. */
export const formBasis = (data: AppData | undefined, type: string) => {
  const kind = type === 'RESIDENCE_VERIFICATION' ? 'residence' : 'business';
  return `${storedVisit(data, type) ? 'v' : '-'}${visitsOf(data, kind).pd1 ? 'p' : '-'}`;
};
