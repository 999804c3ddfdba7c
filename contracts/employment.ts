// Entity and REQ-EMP-1 rules with the specification's messages.
// Files (salary slips, company id card) are server file ids once uploaded.
import * as v from 'valibot';
import { MSG } from './messages';
import { PINCODE_PATTERN } from './patterns';
import { msg } from './msg';
import { fill, TPL } from './msg-template';

export const EMPLOYMENT_MSG = {
  pincode: MSG.invalidPincode,
  addressType: msg('Please select company address type'),
  salarySlip: (n: 1 | 2 | 3) => fill(TPL.salarySlip, { n }),
} as const;

const required = (message: string) => v.pipe(v.string(message), v.trim(), v.minLength(1, message));
const optionalText = v.optional(v.pipe(v.string(MSG.invalidInput), v.trim()), '');
/** An optional amount or count: a number ≥ 0, digits as text (amount inputs keep digits only), or blank (→ null). */
const optionalWhole = v.optional(
  v.pipe(
    v.nullable(v.union([v.number(), v.string()], MSG.invalidInput)),
    v.transform((x) => (x === null || (typeof x === 'string' && x.trim() === '') ? null : Number(x))),
    v.check((n) => n === null || (Number.isFinite(n) && n >= 0), MSG.invalidInput),
  ),
  null,
);

export const EmploymentInfo = v.object({
  company_name: optionalText,
  designation: optionalText,
  official_email: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email(MSG.invalidEmail))], MSG.invalidEmail), ''),
  monthly_in_hand_salary: optionalWhole,
  work_experience_years: optionalWhole,
  work_experience_months: optionalWhole,
  company_pincode: v.pipe(v.string(EMPLOYMENT_MSG.pincode), v.trim(), v.regex(PINCODE_PATTERN, EMPLOYMENT_MSG.pincode)),
  company_city: optionalText,
  company_state: optionalText,
  company_address: optionalText,
  company_address_type: required(EMPLOYMENT_MSG.addressType),
  /** File id (optional). */
  company_id_card: optionalText,
  salary_slip1: required(EMPLOYMENT_MSG.salarySlip(1)),
  salary_slip2: required(EMPLOYMENT_MSG.salarySlip(2)),
  salary_slip3: required(EMPLOYMENT_MSG.salarySlip(3)),
  company_website_link: optionalText,
  company_sector: optionalText,
});
export type EmploymentInfo = v.InferOutput<typeof EmploymentInfo>;

/** The EmploymentInfo fields that are file ids; each given one must be an upload of this application. */
export const EMPLOYMENT_FILE_FIELDS = ['salary_slip1', 'salary_slip2', 'salary_slip3', 'company_id_card'] as const;
