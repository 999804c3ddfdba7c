// References: the fields, 1 to 3 per submission, their rules and messages (REQ-REF-1), the toast and where the officer
// goes next (REQ-REF-2); PATCH /v1/app/mfi/{id}/reference.
import * as v from 'valibot';
import { MSG } from './messages';
import { MOBILE_PATTERN } from './patterns';
import { msg } from './msg';

export const REFERENCE_TYPES = ['PERSONAL_REFERENCE', 'BUSINESS_REFERENCE'] as const;
export const MAX_REFERENCES = 3;

/** REQ-REF-1 and REQ-REF-2 messages quoted exactly; the ones marked (ours) are this contract's wording. */
export const REFERENCE_MSG = {
  atLeastOne: msg('At least one reference is required'),
  /** (ours) REQ-REF-1 says at most 3, with no message. */
  atMostThree: msg('At most 3 references are allowed'),
  /** (ours) REQ-REF-1 'type min 1'. */
  type: msg('Please select reference type'),
  name: msg('Name is required'),
  phoneRequired: msg('Please enter mobile number'),
  phone: MSG.invalidMobile,
  address: msg('Address is required'),
  /** (ours) a company name sent with a personal reference. */
  companyNameBusinessOnly: msg('Company name is only for a business reference'),
  added: msg('Reference(s) added successfully!'),
  /** (ours) the server's order. */
  cpvFirst: msg('Submit the CPV info before the references'),
  /** (ours) a public visitor's references follow its KYC step (it makes no CPV visit). */
  kycFirst: msg('Submit the KYC details (Borrowers Info) before the references'),
} as const;

const text = (message: string) => v.pipe(v.string(message), v.trim());

export const Reference = v.pipe(
  v.object({
    /** Left out for a new reference: the server gives it one; kept as given otherwise. */
    id: v.optional(v.pipe(v.string(MSG.invalidInput), v.trim(), v.maxLength(64, MSG.invalidInput))),
    type: v.picklist(REFERENCE_TYPES, REFERENCE_MSG.type),
    name: v.pipe(text(REFERENCE_MSG.name), v.minLength(1, REFERENCE_MSG.name)),
    phone: v.pipe(
      text(REFERENCE_MSG.phoneRequired),
      v.minLength(10, REFERENCE_MSG.phoneRequired),
      v.regex(MOBILE_PATTERN, REFERENCE_MSG.phone),
    ),
    address: v.pipe(text(REFERENCE_MSG.address), v.minLength(8, REFERENCE_MSG.address)),
    company_name: v.optional(text(MSG.invalidInput)),
  }),
  v.forward(
    v.partialCheck(
      [['type'], ['company_name']],
      (r) => r.type === 'BUSINESS_REFERENCE' || !r.company_name,
      REFERENCE_MSG.companyNameBusinessOnly,
    ),
    ['company_name'],
  ),
);
export type Reference = v.InferOutput<typeof Reference>;

/** PATCH /v1/app/mfi/{id}/reference body: the whole list (replaces the stored one), 1 to 3. */
export const ReferencesBody = v.object({
  references: v.pipe(
    v.optional(v.array(Reference, REFERENCE_MSG.atLeastOne), []),
    v.minLength(1, REFERENCE_MSG.atLeastOne),
    v.maxLength(MAX_REFERENCES, REFERENCE_MSG.atMostThree),
  ),
});
export type ReferencesBody = v.InferOutput<typeof ReferencesBody>;

/** As stored under the application's `reference` and answered: every reference with its id. */
export type StoredReference = Reference & { id: string };
