// Borrower fields and REQ-BORR-1 borrower rules, with the specification's messages. Client form and server share it.
import * as v from 'valibot';
import { KycInfo } from './kyc';
import { Consent } from './consent';
import { ageFromDmy, isFutureDmy, parseDmy } from './dates';
import { Deviations } from './deviations';
import { MSG, PLAIN } from './messages';
import { MOBILE_PATTERN, PINCODE_PATTERN } from './patterns';
import { type LoanType, PRODUCTS } from './products';
import { msg } from './msg';
import { fill, TPL } from './msg-template';

export const BORROWER_MSG = {
  dobRange: msg('DOB must be between 21 and 60 years'),
  ageRange: msg('Age must be between 21 and 60 years'),
  termsRequired: msg('You must accept the Terms & Conditions'),
  bothCoApplicantsRequired: msg('Both Co-borrower and Guarantor are required to proceed'),
  coBorrowerRequired: msg('Add Co-borrower to proceed'),
  // Not quoted by the specification (it gives rule, not wording): ours.
  aadhaarDigits: msg('Aadhaar number must be 12 digits'),
  yearsOfResidence: msg('Years of residence must be at least 1'),
  emiRequired: msg('EMI requested must be at least 1'),
} as const;

const inr = new Intl.NumberFormat('en-IN');
export const loanAmountMessage = (t: LoanType) =>
  fill(TPL.loanAmount, { min: inr.format(PRODUCTS[t].minAmount), max: inr.format(PRODUCTS[t].maxAmount) });
export const loanTenureMessage = (t: LoanType) => fill(TPL.loanTenure, { min: PRODUCTS[t].minTenure, max: PRODUCTS[t].maxTenure });

export const BORROWER_AGE = { min: 21, max: 60 } as const;
const inAgeRange = (n: number | null) => n !== null && n >= BORROWER_AGE.min && n <= BORROWER_AGE.max;

const required = (message: string) => v.pipe(v.string(message), v.trim(), v.minLength(1, message));
const minText = (n: number, message: string) => v.pipe(v.string(message), v.trim(), v.minLength(n, message));
const optionalText = v.optional(v.pipe(v.string(), v.trim()), '');
const num = (min: number, message: string) => v.pipe(v.number(message), v.finite(message), v.minValue(min, message));

/**
 * The borrower as submitted (PUT /v1/app/mfi/{id}). `aadhaar` is the full number only inside the form;
 * what is stored and sent is `aadhaar_last4` (REQ-OFF-11: full Aadhaar numbers are never persisted).
 */
export const BorrowerFields = v.object({
  phone: v.pipe(v.string(MSG.invalidMobile), v.trim(), v.regex(MOBILE_PATTERN, MSG.invalidMobile)),
  aadhaar_last4: v.pipe(v.string(BORROWER_MSG.aadhaarDigits), v.regex(/^\d{4}$/, BORROWER_MSG.aadhaarDigits)),
  title: required(PLAIN.select(msg('title'))),
  name: minText(3, PLAIN.atLeast(msg('Full name'), 3)),
  alternate_phone: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.regex(MOBILE_PATTERN, MSG.invalidMobile))], MSG.invalidMobile),
    '',
  ),
  gender: required(PLAIN.select(msg('gender'))),
  marital_status: required(PLAIN.select(msg('marital status'))),
  /** One message per rule: a real date first, then not in the future, then the age range. */
  dob: v.pipe(
    v.string(PLAIN.dmy(msg('date of birth'))),
    v.check((s) => parseDmy(s) !== null, PLAIN.dmy(msg('date of birth'))),
    v.check((s) => !isFutureDmy(s), PLAIN.dobFuture),
    v.check((s) => inAgeRange(ageFromDmy(s)), BORROWER_MSG.dobRange),
  ),
  age: v.pipe(
    v.number(BORROWER_MSG.ageRange),
    v.check((n) => inAgeRange(n), BORROWER_MSG.ageRange),
  ),
  pan: v.pipe(v.string(MSG.invalidPan), v.trim(), v.toUpperCase(), v.minLength(10, MSG.invalidPan)),
  voter_id: v.pipe(v.string(PLAIN.enter(msg('voter ID'))), v.trim(), v.toUpperCase(), v.minLength(1, PLAIN.enter(msg('voter ID')))),
  pincode: v.pipe(v.string(MSG.invalidPincode), v.trim(), v.regex(PINCODE_PATTERN, MSG.invalidPincode)),
  city: required(PLAIN.enter(msg('city'))),
  district: required(PLAIN.enter(msg('district'))),
  state: required(PLAIN.enter(msg('state'))),
  address: minText(8, PLAIN.atLeast(msg('Address'), 8)),
  address_type: optionalText,
  address_ownership_type: required(PLAIN.select(msg('address ownership'))),
  address_owned_by: optionalText,
  years_of_residence: num(1, BORROWER_MSG.yearsOfResidence),
  house_type: required(PLAIN.select(msg('house type'))),
  email: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email(MSG.invalidEmail))], MSG.invalidEmail), ''),
  loan_type: v.picklist(['MFI_BUSINESS_LOAN', 'UNSECURED_BUSINESS_LOAN'], PLAIN.select(msg('loan type'))),
  amount_requested: num(1, PLAIN.enter(msg('loan amount'))),
  tenure_requested: num(1, PLAIN.select(msg('tenure'))),
  emi_requested: num(1, BORROWER_MSG.emiRequired),
  purpose: required(PLAIN.select(msg('purpose of the loan'))),
  /** SELF_EMPLOYED (business details) or SALARIED (the employment step); older submits are self-employed. */
  job_type: v.optional(v.picklist(['SELF_EMPLOYED', 'SALARIED'], PLAIN.select(msg('occupation'))), 'SELF_EMPLOYED'),
  borrower_photo_from_aadhaar: optionalText,
  terms_accepted: v.literal(true, BORROWER_MSG.termsRequired),
  /** The consent record: text version, time, officer, geotag. Optional for submits queued before it existed. */
  consent: v.optional(Consent),
  /** A name mismatch the officer continued with ('Continue with Deviation'). */
  deviations: Deviations,
});

export const BorrowerInfo = v.pipe(
  BorrowerFields,
  v.forward(
    v.partialCheck(
      [['loan_type'], ['amount_requested']],
      (b) => {
        const p = PRODUCTS[b.loan_type];
        return b.amount_requested >= p.minAmount && b.amount_requested <= p.maxAmount;
      },
      (issue) => loanAmountMessage((issue.input as { loan_type: LoanType }).loan_type),
    ),
    ['amount_requested'],
  ),
  v.forward(
    v.partialCheck(
      [['loan_type'], ['tenure_requested']],
      (b) => {
        const p = PRODUCTS[b.loan_type];
        return b.tenure_requested >= p.minTenure && b.tenure_requested <= p.maxTenure;
      },
      (issue) => loanTenureMessage((issue.input as { loan_type: LoanType }).loan_type),
    ),
    ['tenure_requested'],
  ),
);
export type BorrowerInfo = v.InferOutput<typeof BorrowerInfo>;

/** The first message of a failed parse (REQ-UI-7: only the first validation error is shown). */
export function firstIssue(schema: v.GenericSchema, value: unknown): string | null {
  const r = v.safeParse(schema, value);
  return r.success ? null : (r.issues[0]?.message ?? MSG.invalidInput);
}

/** REQ-BORR-1: a co-borrower always; a guarantor too for the unsecured loan. Null when the set is complete. */
export function coApplicantsMissing(loanType: LoanType, types: readonly string[]): string | null {
  const co = types.includes('CO_BORROWER');
  const gu = types.includes('GUARANTOR');
  if (loanType === 'UNSECURED_BUSINESS_LOAN') return co && gu ? null : BORROWER_MSG.bothCoApplicantsRequired;
  return co ? null : BORROWER_MSG.coBorrowerRequired;
}

/** Keys a client never writes as part of the borrower's draft (the submit and the server own them). */
const NOT_DRAFT = ['terms_accepted', 'consent', 'deviations', 'phone'] as const;

/**
 * The borrower's draft fields (the borrower form's and its KYC step's, 'Borrowers Info'), each optional but typed as
 * on submit (merge PATCH and the body of a create): the only keys the merge PATCH accepts. Anything else is
 * refused, so no client writes server-owned state.
 */
export const BorrowerDraft = v.partial(v.object({ ...v.omit(BorrowerFields, NOT_DRAFT).entries, ...KycInfo.entries }));
export const BORROWER_DRAFT_KEYS: readonly string[] = Object.keys(BorrowerDraft.entries);
export const draftKeyMessage = (key: string) => fill(TPL.draftKey, { key: key.slice(0, 40) });
