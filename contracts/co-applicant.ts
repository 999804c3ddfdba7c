// Co-applicant fields and REQ-COAP-1 co-applicant rules with the specification's messages.
import * as v from 'valibot';
import { ageFromDmy, parseDmy } from './dates';
import { Deviations } from './deviations';
import { MSG, PLAIN } from './messages';
import { MOBILE_PATTERN, PINCODE_PATTERN } from './patterns';
import { msg } from './msg';

export const CO_APPLICANT_TYPES = ['CO_BORROWER', 'GUARANTOR'] as const;
export type CoApplicantType = (typeof CO_APPLICANT_TYPES)[number];

export const CO_MSG = {
  relationship: msg('Please select relationship'),
  title: msg('Invalid title'),
  phoneRequired: msg('Please enter mobile number'),
  name: msg('Invalid name'),
  guardianName: msg('Invalid guardian name'),
  gender: msg('Please select gender'),
  income: msg('Invalid income'),
  age: msg('Age not acceptable as per provided DOB'),
  address: msg('Invalid address'),
  pan: msg('Invalid pan number'),
  voterRequired: msg('Voter ID is required for co-borrower'),
  voterFileRequired: msg('Voter ID file is required for co-borrower'),
  bureauFailed: msg('Bureau Check Failed!'),
  replacingGuarantor: msg(`You're replacing a rejected guarantor. Please provide new details.`),
  replaceTitle: msg('Replace Rejected Guarantor'),
  addTitle: msg('Add Co-borrower/Guarantor'),
  // Not worded by the specification: the family member's file messages (REQ-COAP-1) are reused.
  panFile: msg('Missing PAN'),
  aadhaarFront: msg('Missing aadhaar front'),
  aadhaarBack: msg('Missing aadhaar back'),
} as const;

/**
 * REQ-COAP-2 gives two age readings, and both apply (docs/decisions.md): the DOB must give 18–65 and the age 21–60.
 * The age is the one the DOB gives (the form computes it; the server never takes a typed age on trust), so a
 * co-applicant passes at 21–60. The bureau check keeps the DOB reading.
 */
export const CO_APPLICANT_AGE = { min: 18, max: 65 } as const;
export const CO_APPLICANT_AGE_FIELD = { min: 21, max: 60 } as const;
const inAgeField = (age: number | null) => age !== null && age >= CO_APPLICANT_AGE_FIELD.min && age <= CO_APPLICANT_AGE_FIELD.max;

const text = (n: number, message: string) => v.pipe(v.string(message), v.trim(), v.minLength(n, message));
const picked = (message: string) => v.pipe(v.string(message), v.minLength(1, message));
const file = (message: string) => v.pipe(v.string(message), v.minLength(1, message));

export const CoApplicantFields = v.object({
  type: v.picklist(CO_APPLICANT_TYPES, PLAIN.select(msg('co-borrower or guarantor'))),
  relationship: picked(CO_MSG.relationship),
  title: picked(CO_MSG.title),
  phone: v.pipe(
    v.string(CO_MSG.phoneRequired),
    v.trim(),
    v.minLength(10, CO_MSG.phoneRequired),
    v.regex(MOBILE_PATTERN, MSG.invalidMobile),
  ),
  name: text(3, CO_MSG.name),
  guardian_name: text(3, CO_MSG.guardianName),
  guardian_relationship: v.optional(v.string(), ''),
  gender: picked(CO_MSG.gender),
  income: v.pipe(v.number(CO_MSG.income), v.finite(CO_MSG.income), v.minValue(0, CO_MSG.income)),
  dob: v.pipe(
    v.string(PLAIN.dmy(msg('date of birth'))),
    v.check((s) => parseDmy(s) !== null, PLAIN.dmy(msg('date of birth'))),
    v.check((s) => {
      const age = ageFromDmy(s);
      return age !== null && age >= CO_APPLICANT_AGE.min && age <= CO_APPLICANT_AGE.max;
    }, CO_MSG.age),
    v.check((s) => inAgeField(ageFromDmy(s)), CO_MSG.age),
  ),
  age: v.optional(
    v.nullable(
      v.pipe(
        v.number(CO_MSG.age),
        v.check((n) => inAgeField(n), CO_MSG.age),
      ),
    ),
  ),
  marital_status: picked(PLAIN.select(msg('marital status'))),
  email: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email(MSG.invalidEmail))], MSG.invalidEmail), ''),
  pincode: v.pipe(v.string(MSG.invalidPincode), v.trim(), v.regex(PINCODE_PATTERN, MSG.invalidPincode)),
  city: picked(PLAIN.enter(msg('city'))),
  district: picked(PLAIN.enter(msg('district'))),
  state: picked(PLAIN.enter(msg('state'))),
  address: text(8, CO_MSG.address),
  landmark: v.optional(v.string(), ''),
  pan: v.pipe(v.string(CO_MSG.pan), v.trim(), v.toUpperCase(), v.minLength(10, CO_MSG.pan)),
  voter_id: v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase()), ''),
  /** Last 4 digits only. */
  aadhaar: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.regex(/^\d{4}$/, msg('Enter the last 4 digits of Aadhaar')))]), ''),
  pan_file: file(CO_MSG.panFile),
  aadhaar_front_file: file(CO_MSG.aadhaarFront),
  aadhaar_back_file: file(CO_MSG.aadhaarBack),
  voter_id_file: v.optional(v.string(), ''),
  deviations: Deviations,
});

/** The co-borrower (not the guarantor) also needs a voter id and its file. */
export const CoApplicantInfo = v.pipe(
  CoApplicantFields,
  v.forward(
    v.partialCheck([['type'], ['voter_id']], (c) => c.type === 'GUARANTOR' || !!c.voter_id, CO_MSG.voterRequired),
    ['voter_id'],
  ),
  v.forward(
    v.partialCheck([['type'], ['voter_id_file']], (c) => c.type === 'GUARANTOR' || !!c.voter_id_file, CO_MSG.voterFileRequired),
    ['voter_id_file'],
  ),
);
export type CoApplicantInfo = v.InferOutput<typeof CoApplicantInfo>;

/** A co-applicant as the server answers it. */
export type CoApplicant = CoApplicantInfo & {
  id: string;
  application_id: string;
  record_index: number;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'REPLACED';
  approval_checks?: { decision: 'APPROVED' | 'REJECTED'; rejected: boolean; reasons: string[]; check_values?: Record<string, unknown> };
};
