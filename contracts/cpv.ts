// The field verification visit: its fields, rules and messages (REQ-CPV-1 to REQ-CPV-3), where the officer goes after
// it (REQ-CPV-4) and the deviations that block it (REQ-DEV-2). API: POST /v1/app/mfi/{id}/business-cpv-info and
// /residence-cpv-info. docs/workflow.md "CPV (field verification)".
import * as v from 'valibot';
import { MSG } from './messages';
import { MOBILE_PATTERN } from './patterns';
import { msg } from './msg';
import { fill, TPL } from './msg-template';

export const CPV_VERIFICATION_TYPES = ['BUSINESS_PLACE_VERIFICATION', 'RESIDENCE_VERIFICATION'] as const;

/** CPV messages (REQ-CPV-1 to REQ-CPV-3) and 'Cannot proceed with unapproved deviations' (REQ-DEV-2), quoted exactly. */
export const CPV_MSG = {
  verificationType: msg('Invalid verification type'),
  qrCode: msg('QR Code Upload is required for Business Place Verification'),
  shopSelfie: msg('Shop selfie with ACM is required'),
  houseSelfie: msg('House selfie with ACM is required'),
  unapprovedDeviations: msg('Cannot proceed with unapproved deviations'),
} as const;

/** Messages of the sandbox server about CPV (its own wording). */
export const CPV_SERVER_MSG = {
  bankFirst: msg('Submit the bank account before the CPV info'),
  sanctioned: msg('The loan is sanctioned: the CPV info can no longer change'),
  invalidGeoTag: (label: string) => fill(TPL.geoTag, { label }),
  remarks: msg('Remarks must be at most 1000 characters'),
} as const;

/**
 * The remarks key. The specification says remarks are "sent under a misspelt key (the key is not shown)": this contract
 * picks `remaks` (documented in docs/api.md); a correctly spelt `remarks` in a CPV body is ignored.
 */
export const CPV_REMARKS_KEY = 'remaks' as const;

/** The photo fields (file ids), each with a `{field}_geo_tag` JSON text `{"latitude":…,"longitude":…}` (0,0 without GPS). */
export const CPV_PHOTO_FIELDS = {
  shop_photo_file: msg('Shop Photo'),
  shop_selfie_photo_file: msg('Shop Selfie Photo'),
  shop_photo_pd2_file: msg('Shop Photo PD2'),
  house_selfie_photo_file: msg('House Selfie Photo'),
  house_photo_pd2_file: msg('House Photo PD2'),
} as const;
export type CpvPhotoField = keyof typeof CPV_PHOTO_FIELDS;

/** Business numbers, with the label each message names. */
export const CPV_BUSINESS_NUMBERS = {
  monthly_sales: msg('Monthly Sales'),
  inventory_purchase: msg('Inventory Purchase'),
  debtor_days: msg('Debtor Days'),
  inventory_days: msg('Inventory Days'),
  days_payable: msg('Days Payable'),
  rent: msg('Rent'),
  salary: msg('Salary'),
  electricity_and_fuel: msg('Electricity and Fuel'),
  machinery_repairs: msg('Machinery Repairs'),
  transportation_and_petrol: msg('Transportation and Petrol'),
  admin_operating_expenses: msg('Admin Operating Expenses'),
  gross_margin_percentage: msg('Gross Margin Percentage'),
  online_sales_percentage: msg('Online Sales Percentage'),
  others: msg('Others'),
} as const;

/** Household numbers, with the label each message names. */
export const CPV_HOUSEHOLD_NUMBERS = {
  house_rent: msg('House Rent'),
  house_electricity_and_water: msg('House Electricity and Water'),
  food_expenses: msg('Food Expenses'),
  education_expenses: msg('Education Expenses'),
  medical_expenses: msg('Medical Expenses'),
  insurance_premiums: msg('Insurance Premiums'),
  house_others: msg('House Others'),
} as const;

export const CPV_NUMBER_FIELDS = { ...CPV_BUSINESS_NUMBERS, ...CPV_HOUSEHOLD_NUMBERS } as const;
export type CpvNumberField = keyof typeof CPV_NUMBER_FIELDS;

/** 'Rent must be a non-negative number' (REQ-CPV-1 example), for every numeric field by its label. */
export const nonNegativeMessage = (label: string) => fill(TPL.nonNegative, { label });

/**
 * A numeric field: left out, null or '' → 0 (an empty input, as a coercing form reads it); a number or numeric text →
 * that number; anything else, or below 0 → the field's message.
 */
const amount = (label: string) =>
  v.pipe(
    v.optional(v.union([v.number(), v.string(), v.null()]), 0),
    v.transform((x) => (x === null || (typeof x === 'string' && x.trim() === '') ? 0 : Number(x))),
    ...figureChecks(label),
  );
const figureChecks = (label: string) =>
  [
    v.check((n: number) => Number.isFinite(n) && n >= 0, nonNegativeMessage(label)),
    v.check((n: number) => !PERCENT_FIELDS.has(label) || n <= 100, percentMessage(label)),
  ] as const;

/** Percentages above 100 are not plausible (a gross margin of 250 % is a typo). */
const PERCENT_FIELDS = new Set<string>([CPV_BUSINESS_NUMBERS.gross_margin_percentage, CPV_BUSINESS_NUMBERS.online_sales_percentage]);
export const percentMessage = (label: string) => fill(TPL.percent, { label });
/** The visit form asks every figure of its kind, so 0 is said, not assumed (an empty field is not zero). */
export const figureRequiredMessage = (label: string) => fill(TPL.figureRequired, { label });

/** True for '' (no tag) or JSON text of an object with numeric latitude and longitude. */
export function isGeoTag(text: string): boolean {
  if (text === '') return true;
  try {
    const g = JSON.parse(text) as unknown;
    return (
      !!g &&
      typeof g === 'object' &&
      typeof (g as { latitude?: unknown }).latitude === 'number' &&
      typeof (g as { longitude?: unknown }).longitude === 'number'
    );
  } catch {
    return false;
  }
}

const fileId = v.optional(v.pipe(v.string(MSG.invalidInput), v.trim()), '');
const geoTag = (label: string) =>
  v.optional(v.pipe(v.string(CPV_SERVER_MSG.invalidGeoTag(label)), v.trim(), v.check(isGeoTag, CPV_SERVER_MSG.invalidGeoTag(label))), '');

const photoEntries = Object.fromEntries(
  Object.entries(CPV_PHOTO_FIELDS).flatMap(([k, label]) => [
    [k, fileId],
    [`${k}_geo_tag`, geoTag(label)],
  ]),
) as Record<CpvPhotoField | `${CpvPhotoField}_geo_tag`, typeof fileId>;
const numberEntries = Object.fromEntries(Object.entries(CPV_NUMBER_FIELDS).map(([k, label]) => [k, amount(label)])) as Record<
  CpvNumberField,
  ReturnType<typeof amount>
>;

/**
 * One CPV visit (business place or residence). Photo and QR fields are file ids ('' when none); every number is
 * coerced and ≥ 0 (left out → 0); business place verification needs qr_code_upload. The review role's selfie rule
 * (CPV_MSG.shopSelfie / houseSelfie) depends on the caller: `cpvRoleIssue` below, applied by form and server alike.
 */
const cpvEntries = {
  phone: v.pipe(v.string(MSG.invalidMobile), v.trim(), v.regex(MOBILE_PATTERN, MSG.invalidMobile)),
  verification_type: v.picklist(CPV_VERIFICATION_TYPES, CPV_MSG.verificationType),
  ...photoEntries,
  qr_code_upload: fileId,
  ...numberEntries,
  [CPV_REMARKS_KEY]: v.optional(v.pipe(v.string(CPV_SERVER_MSG.remarks), v.trim(), v.maxLength(1000, CPV_SERVER_MSG.remarks)), ''),
};
export const CpvInfo = v.pipe(
  v.object(cpvEntries),
  v.forward(
    v.partialCheck(
      [['verification_type'], ['qr_code_upload']],
      (b) => b.verification_type !== 'BUSINESS_PLACE_VERIFICATION' || b.qr_code_upload !== '',
      CPV_MSG.qrCode,
    ),
    ['qr_code_upload'],
  ),
);
export type CpvInfo = v.InferOutput<typeof CpvInfo>;

/** A figure the visit form asks: entered (0 is said, empty is not), then as CpvInfo judges it. */
const askedFigures = (asked: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(asked).map(([k, label]) => [
      k,
      v.pipe(
        v.union([v.number(), v.string()], figureRequiredMessage(label)),
        v.check((x) => String(x).trim() !== '', figureRequiredMessage(label)),
        v.transform(Number),
        ...figureChecks(label),
      ),
    ]),
  ) as Partial<typeof numberEntries>;

/**
 * What the visit form checks: CpvInfo with every figure of the chosen visit's kind entered, picked by the form's own
 * verification_type (an officer may switch the kind on the form). The server keeps reading a left-out figure as 0.
 */
export const CpvEntry = v.variant(
  'verification_type',
  [
    v.object({
      ...cpvEntries,
      verification_type: v.literal('BUSINESS_PLACE_VERIFICATION', CPV_MSG.verificationType),
      qr_code_upload: v.pipe(v.string(CPV_MSG.qrCode), v.trim(), v.minLength(1, CPV_MSG.qrCode)),
      ...askedFigures(CPV_BUSINESS_NUMBERS),
    }),
    v.object({
      ...cpvEntries,
      verification_type: v.literal('RESIDENCE_VERIFICATION', CPV_MSG.verificationType),
      ...askedFigures(CPV_HOUSEHOLD_NUMBERS),
    }),
  ],
  CPV_MSG.verificationType,
);
/** The object schema's entries (every key, for the server's withSchemaKeys). */
export const CPV_INFO_ENTRIES = CpvInfo.pipe[0].entries;

/** REQ-CPV-1: the review role additionally needs the ACM selfie of the visit; null when nothing is missing. */
export function cpvRoleIssue(
  info: Pick<CpvInfo, 'verification_type' | 'shop_selfie_photo_file' | 'house_selfie_photo_file'>,
  isReviewRole: boolean,
): string | null {
  if (!isReviewRole) return null;
  if (info.verification_type === 'BUSINESS_PLACE_VERIFICATION') return info.shop_selfie_photo_file ? null : CPV_MSG.shopSelfie;
  return info.house_selfie_photo_file ? null : CPV_MSG.houseSelfie;
}

/** The verification type each route takes: business-cpv-info → business place, residence-cpv-info → residence. */
export const CPV_ROUTE_TYPE = { business: 'BUSINESS_PLACE_VERIFICATION', residence: 'RESIDENCE_VERIFICATION' } as const;
export type CpvVariant = keyof typeof CPV_ROUTE_TYPE;

/** Where the server keeps each visit on the application (server-owned keys), and its stage marker. */
export const CPV_DATA_KEY = { business: 'cpv_business', residence: 'cpv_residence' } as const;
export const CPV_STAGE = { business: 'CPV_BUSINESS_PLACE', residence: 'CPV_RESIDENCE' } as const;

/** A deviation blocks the CPV submit (REQ-DEV-2) when it is neither matched nor approved. */
/** Only a supervisor's approval clears a deviation (the server writes its `info`; a client cannot). */
export const isUnapprovedDeviation = (d: { status?: string; info?: { is_match?: boolean } }) => d.status !== 'APPROVED';

/** Application statuses (REQ-LIST-2), in order (docs/workflow.md "Statuses": the machine). */
export const APPLICATION_STATUSES = ['DRAFT', 'PD1_REVIEW', 'CREDIT_APPROVED', 'PD2_COMPLETE'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const PD1_REVIEW_MSG = {
  decision: msg('Invalid decision'),
  remarks: msg('Please enter remarks'),
  notInReview: msg('The application is not waiting for PD1 review'),
  verificationRoleOnly: msg('Only the verification role can review PD1'),
} as const;

/**
 * POST /v1/app/mfi/{id}/pd1-review (this sandbox's own path; the spec shows no call for it), the verification role's
 * 'PD1 Review': APPROVE → CREDIT_APPROVED with is_pd1_complete; SEND_BACK → DRAFT, remarks required (shown as
 * 'Pd1 Review Remarks'). Remarks are kept in the application's `remarks` either way.
 */
export const Pd1Review = v.pipe(
  v.object({
    decision: v.picklist(['APPROVE', 'SEND_BACK'], PD1_REVIEW_MSG.decision),
    remarks: v.optional(v.pipe(v.string(PD1_REVIEW_MSG.remarks), v.trim(), v.maxLength(1000, CPV_SERVER_MSG.remarks)), ''),
  }),
  v.forward(
    v.partialCheck([['decision'], ['remarks']], (b) => b.decision !== 'SEND_BACK' || b.remarks !== '', PD1_REVIEW_MSG.remarks),
    ['remarks'],
  ),
);
export type Pd1Review = v.InferOutput<typeof Pd1Review>;
