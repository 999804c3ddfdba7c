// The upload call's fields as REQ-FILE-6 name them: `upload_type` is one of the upload types
// (LOAN_APPLICANT_PERSONAL_INFO, _CO_APPLICANT, _EMPLOYMENT_INFO), `name_prefix` carries the purpose (KYC, APPLY_LOAN,
// EMPLOYMENT, BANK_ACCOUNT), and `record_index` goes with the applicant and co-applicant types. Screens name either
// the purpose or the upload type of a field; the other is derived here (docs/decisions.md). A co-applicant's document
// also carries its record index as `name_prefix` (REQ-FILE-6's second reading; the two do not conflict: the index goes
// in both fields).
import { UPLOAD_PURPOSES, UPLOAD_TYPES } from '../../contracts/enums';

export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export type UploadType = (typeof UPLOAD_TYPES)[number];

const isPurpose = (x: string): x is UploadPurpose => (UPLOAD_PURPOSES as readonly string[]).includes(x);
const isType = (x: string): x is UploadType => (UPLOAD_TYPES as readonly string[]).includes(x);

/** Camera photos go by the captured-image call (REQ-FILE-6); picked files and PDFs by the single upload. */
export const uploadPath = (captured: boolean) => (captured ? '/v1/file/upload-captured-image' : '/v1/file/upload');

export function uploadFields(
  given: string | undefined,
  recordIndex?: number,
): { upload_type: UploadType; name_prefix: UploadPurpose | `${number}`; record_index?: number } {
  const g = given ?? 'APPLY_LOAN';
  const purpose: UploadPurpose = isPurpose(g) ? g : g === 'LOAN_APPLICANT_EMPLOYMENT_INFO' ? 'EMPLOYMENT' : 'KYC';
  const type: UploadType = isType(g) ? g : purpose === 'EMPLOYMENT' ? 'LOAN_APPLICANT_EMPLOYMENT_INFO' : 'LOAN_APPLICANT_PERSONAL_INFO';
  const indexed = type === 'LOAN_APPLICANT_PERSONAL_INFO' || type === 'LOAN_APPLICANT_CO_APPLICANT';
  const index = recordIndex ?? 0;
  const prefix = type === 'LOAN_APPLICANT_CO_APPLICANT' ? (`${index}` as const) : purpose;
  return { upload_type: type, name_prefix: prefix, ...(indexed ? { record_index: index } : {}) };
}
