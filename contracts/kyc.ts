// KYC ('Borrowers Info') fields and REQ-KYC-1 KYC rules. Files are server file ids once uploaded.
import * as v from 'valibot';
import { PLAIN } from './messages';
import { msg } from './msg';

export const KYC_MSG = {
  photo: msg('Please upload photo'),
  // Not worded for KYC by the specification; the family member's file messages (REQ-KYC-1) are reused.
  panFile: msg('Missing PAN'),
  aadhaarFront: msg('Missing aadhaar front'),
  aadhaarBack: msg('Missing aadhaar back'),
  voterFile: msg('Missing voter id'),
  familyMembers: msg('Number of family members must be at least 1'),
  earningMembers: msg('Number of earning members must be at least 1'),
} as const;

const picked = (field: string) => v.pipe(v.string(PLAIN.select(field)), v.trim(), v.minLength(1, PLAIN.select(field)));
const minText = (field: string, n: number) => v.pipe(v.string(PLAIN.atLeast(field, n)), v.trim(), v.minLength(n, PLAIN.atLeast(field, n)));
const fileId = (message: string) => v.pipe(v.string(message), v.minLength(1, message));
const atLeastOne = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message));

export const KycInfo = v.object({
  guardian_name: minText(msg(`Guardian's name`), 3),
  guardian_relationship: picked(msg('guardian relationship')),
  mother_name: minText(msg(`Mother's name`), 3),
  category: picked(msg('category')),
  religion: picked(msg('religion')),
  mother_tongue: picked(msg('mother tongue')),
  education_qualification: picked(msg('education qualification')),
  no_of_family_members: atLeastOne(KYC_MSG.familyMembers),
  no_of_earning_members: atLeastOne(KYC_MSG.earningMembers),
  photo_file: fileId(KYC_MSG.photo),
  /** JSON text {latitude, longitude}; 0 and 0 when no GPS was found (REQ-FILE-5). */
  photo_geo_tag_info: v.pipe(v.string(KYC_MSG.photo), v.minLength(1, KYC_MSG.photo)),
  pan_file: fileId(KYC_MSG.panFile),
  aadhaar_front_file: fileId(KYC_MSG.aadhaarFront),
  aadhaar_back_file: fileId(KYC_MSG.aadhaarBack),
  voter_id_file: fileId(KYC_MSG.voterFile),
});
export type KycInfo = v.InferOutput<typeof KycInfo>;

/** Bureau decision on a submit (REQ-REJ-1 approval_checks). */
export type ApprovalChecks = {
  decision: 'APPROVED' | 'REJECTED';
  reasons: string[];
  check_values?: { overdue_amount?: number; [k: string]: unknown };
};

/** Languages offered for mother tongue (the specification's list is not shown: the scheduled languages most used). */
export const MOTHER_TONGUES = [
  msg('Hindi'),
  msg('Bengali'),
  msg('Marathi'),
  msg('Telugu'),
  msg('Tamil'),
  msg('Gujarati'),
  msg('Urdu'),
  msg('Kannada'),
  msg('Odia'),
  msg('Malayalam'),
  msg('Punjabi'),
  msg('Assamese'),
  msg('Maithili'),
  msg('Other'),
] as const;
