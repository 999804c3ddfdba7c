// Family member fields and REQ-FAM-1 family member rules, with the specification's messages. Client form and server
// share it.
import * as v from 'valibot';
import { isFutureDmy, parseDmy } from './dates';
import { MSG, PLAIN } from './messages';
import { MOBILE_PATTERN, PINCODE_PATTERN } from './patterns';
import { msg } from './msg';

export const FAMILY_MSG = {
  name: msg('Invalid name'),
  phoneRequired: msg('Please enter mobile number'),
  pan: MSG.invalidPan,
  address: msg('Invalid address'),
  dob: msg('Invalid date or date of birth is required'),
  income: msg('Please enter income'),
  panFile: msg('Missing PAN'),
  aadhaarFront: msg('Missing aadhaar front'),
  aadhaarBack: msg('Missing aadhaar back'),
  voterFile: msg('Missing voter id'),
  // Not worded by the specification (it gives the rule, not a message): ours.
  limit: msg('At most 6 family members can be added'),
} as const;

/**
 * REQ-FAM-1: "add allowed while the count is at most 5" → at most 6 members (the 6th is added while there are 5).
 * The client hides 'Add Family Members' once there are FAMILY_LIMIT; the server refuses a 7th (409 FAMILY_MSG.limit).
 */
export const FAMILY_LIMIT = 6;

const text = (n: number, message: string) => v.pipe(v.string(message), v.trim(), v.minLength(n, message));
const required = (message: string) => v.pipe(v.string(message), v.trim(), v.minLength(1, message));
const file = (message: string) => v.pipe(v.string(message), v.minLength(1, message));

/**
 * The family member as submitted (POST /v1/app/mfi/{id}/family-member, PATCH /v1/app/mfi/family-member/{id}), in the
 * Entity's order (the first failing field's message is the one shown). The entity has no `relationship`
 * of the member to the borrower; `guardian_relationship` is the member's own guardian's (codes of FAMILY_RELATIONSHIPS
 * pass the min-3 rule). Files are server file ids of uploads for the application.
 */
export const FamilyMemberInfo = v.object({
  name: text(3, FAMILY_MSG.name),
  phone: v.pipe(
    v.string(FAMILY_MSG.phoneRequired),
    v.trim(),
    v.minLength(10, FAMILY_MSG.phoneRequired),
    v.regex(MOBILE_PATTERN, MSG.invalidMobile),
  ),
  email: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email(MSG.invalidEmail))], MSG.invalidEmail), ''),
  pan: v.pipe(v.string(FAMILY_MSG.pan), v.trim(), v.toUpperCase(), v.minLength(10, FAMILY_MSG.pan)),
  guardian_name: text(3, PLAIN.atLeast(msg(`Guardian's name`), 3)),
  guardian_relationship: text(3, PLAIN.select(msg('guardian relationship'))),
  pincode: v.pipe(v.string(MSG.invalidPincode), v.trim(), v.regex(PINCODE_PATTERN, MSG.invalidPincode)),
  city: required(MSG.invalidCity),
  state: required(MSG.invalidState),
  address: text(8, FAMILY_MSG.address),
  gender: required(PLAIN.select(msg('gender'))),
  /** DD-MM-YYYY, a real calendar date (31-02-2000 is not), not in the future. */
  dob: v.pipe(
    v.string(FAMILY_MSG.dob),
    v.trim(),
    v.check((s) => parseDmy(s) !== null, FAMILY_MSG.dob),
    v.check((s) => !isFutureDmy(s), PLAIN.dobFuture),
  ),
  education_qualification: required(PLAIN.select(msg('education qualification'))),
  /** Monthly income. */
  income: v.pipe(v.number(FAMILY_MSG.income), v.finite(FAMILY_MSG.income), v.minValue(1, FAMILY_MSG.income)),
  pan_file: file(FAMILY_MSG.panFile),
  aadhaar_front_file: file(FAMILY_MSG.aadhaarFront),
  aadhaar_back_file: file(FAMILY_MSG.aadhaarBack),
  voter_id_file: file(FAMILY_MSG.voterFile),
});
export type FamilyMemberInfo = v.InferOutput<typeof FamilyMemberInfo>;

/** A family member as the server answers it. The sandbox has no family rule that rejects: always APPROVED. */
export type FamilyMember = FamilyMemberInfo & {
  id: string;
  application_id: string;
  record_index: number;
  approval_checks: { decision: 'APPROVED'; reasons: string[] };
  created_at: string;
  updated_at: string;
};
