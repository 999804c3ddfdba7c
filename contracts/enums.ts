// Enumerations of REQ-VAL-5 with their wire codes and display labels.
export type Option<C extends string = string> = { readonly code: C; readonly label: string };
const opts = <C extends string>(pairs: readonly (readonly [C, string])[]): readonly Option<C>[] =>
  pairs.map(([code, label]) => ({ code, label }));

export const LOAN_PRODUCTS = opts([
  ['MFI_BUSINESS_LOAN', 'MFI Business Loan'],
  ['UNSECURED_BUSINESS_LOAN', 'Unsecured Business Loan'],
] as const);
export const TITLES = opts([
  ['Mr.', 'Mr.'],
  ['Mrs.', 'Mrs.'],
  ['Smt.', 'Smt.'],
  ['Ms.', 'Ms.'],
] as const);
export const GENDERS = opts([
  ['MALE', 'Male'],
  ['FEMALE', 'Female'],
  ['OTHER', 'Others'],
] as const);
export const MARITAL_STATUSES = opts([
  ['MARRIED', 'Married'],
  ['UNMARRIED', 'Unmarried'],
  ['DIVORCED', 'Divorced'],
  ['WIDOWED', 'Widowed'],
] as const);
export const RELIGIONS = opts([
  ['HINDU', 'Hindu'],
  ['MUSLIM', 'Muslim'],
  ['SIKH', 'Sikh'],
  ['CHRISTIAN', 'Christian'],
  ['OTHERS', 'Others'],
] as const);
export const CATEGORIES = opts([
  ['GENERAL', 'General'],
  ['OBC', 'OBC'],
  ['SC', 'SC'],
  ['ST', 'ST'],
  ['OTHERS', 'Others'],
] as const);
export const EDUCATION = opts([
  ['UNEDUCATED', 'Uneducated'],
  ['5TH_PASS', '5th Pass'],
  ['10TH_PASS', '10th Pass'],
  ['12TH_PASS', '12th Pass'],
  ['GRADUATION', 'Graduation'],
  ['POST_GRADUATION', 'Post Graduation'],
  ['PHD', 'PhD'],
] as const);
export const ADDRESS_TYPES = opts([
  ['BUSINESS', 'Business'],
  ['RESIDENCE', 'Residence'],
  ['BOTH', 'Both'],
] as const);
export const HOUSE_TYPES = opts([
  ['PAKKA', 'Pakka'],
  ['KACCHA', 'Kaccha'],
] as const);
export const PROPERTY_OWNERSHIP = opts([
  ['SELF_OWNED', 'Self Owned'],
  ['RENTED', 'Rented'],
  ['FAMILY_OWNED', 'Family Owned'],
  ['LEASED', 'Leased'],
  ['OTHERS', 'Others'],
] as const);
export const BUSINESS_CONSTITUTIONS = opts([
  ['SOLE_PROPRIETORSHIP', 'Sole Proprietorship'],
  ['PRIVATE_LIMITED_COMPANY', 'Private Limited Company'],
  ['LLP', 'LLP'],
  ['PARTNERSHIP', 'Partnership'],
  ['OTHERS', 'Others'],
] as const);
export const VERIFICATION_TYPES = opts([
  ['BUSINESS_PLACE_VERIFICATION', 'Business Place Verification'],
  ['RESIDENCE_VERIFICATION', 'Residence Verification'],
] as const);
export const BANK_ACCOUNT_TYPES = opts([
  ['CURRENT', 'Current'],
  ['OVERDRAFT', 'Overdraft'],
  ['SAVINGS', 'Savings'],
  ['CASHCREDIT', 'Cash Credit Account'],
  ['CURRENT ACCOUNT WITH OD', 'Current Account With OD'],
] as const);
export const FAMILY_RELATIONSHIPS = opts([
  ['SPOUSE', 'Spouse'],
  ['FATHER', 'Father'],
  ['MOTHER', 'Mother'],
  ['UNMARRIED_SON', 'Unmarried Son'],
  ['FATHER_IN_LAW', 'Father-in-law'],
  ['MOTHER_IN_LAW', 'Mother-in-law'],
  ['OTHERS', 'Others'],
] as const);
export const CO_APPLICANT_RELATIONSHIPS = opts([
  ['SELF', 'Self'],
  ['SPOUSE', 'Spouse'],
  ['FATHER', 'Father'],
  ['MOTHER', 'Mother'],
  ['FATHER_IN_LAW', 'Father-in-law'],
  ['MOTHER_IN_LAW', 'Mother-in-law'],
  ['GRAND_PARENTS', 'Grand Parents'],
  ['OTHERS', 'Others'],
] as const);
export const LOAN_PURPOSES = opts([
  ['EXPANSION_OF_EXISTING_BUSINESS', 'Expansion of existing business'],
  ['RENOVATION_OF_PREMISES', 'Renovation of premises'],
  ['PURCHASE_OF_ADDITIONAL_STOCK', 'Purchase of additional stock or raw material'],
  ['PURCHASE_OF_MACHINERY', 'Purchase of machinery, equipment or tools'],
  ['REPAY_HIGH_COST_DEBT', 'Repay high-cost debt'],
] as const);
/** REQ-EMP-1 job_type: SELF_EMPLOYED shows business info; a salaried borrower fills the employment step instead. */
export const JOB_TYPES = opts([
  ['SELF_EMPLOYED', 'Self-employed (own business)'],
  ['SALARIED', 'Salaried (employed)'],
] as const);
export const BUSINESS_PROOF_DOCUMENTS = opts([
  ['MSME_REGISTRATION_CERTIFICATE', 'MSME registration certificate'],
  ['SHOPS_AND_ESTABLISHMENT_CERTIFICATE', 'Shops & Establishment certificate'],
  ['BANK_ACCOUNT_STATEMENT', 'Current or savings account statement'],
  ['GST_REGISTRATION_CERTIFICATE', 'GST registration certificate'],
  ['GST_INVOICE', 'GST invoice for last 2 years'],
  ['FSSAI_LICENCE', 'FSSAI registration or licence'],
  ['TRADE_OR_DRUG_LICENCE', 'Trade or drug licence'],
  ['OTHERS', 'Others'],
] as const);
export const PROPERTY_PROOF_DOCUMENTS = opts([
  ['PROPERTY_TAX_RECEIPT', 'Municipal property tax receipt (latest, not over 12 months old)'],
  ['LAND_REVENUE_RECEIPT', 'Land revenue receipt'],
  ['SALES_OR_GIFT_DEED', 'Registered sales or gift deed'],
  ['PATTA', 'Patta'],
  ['KHATA', 'Khata'],
  ['KHATOUNI', 'Khatouni'],
  ['LAND_ALLOTMENT_LETTER', 'Land allotment letter'],
] as const);
/** REQ-FILE-6 upload fields: purposes (sent as name_prefix) and upload types (upload_type). */
export const UPLOAD_PURPOSES = ['KYC', 'APPLY_LOAN', 'EMPLOYMENT', 'BANK_ACCOUNT', 'JOIN_US'] as const;
export const UPLOAD_TYPES = ['LOAN_APPLICANT_PERSONAL_INFO', 'LOAN_APPLICANT_CO_APPLICANT', 'LOAN_APPLICANT_EMPLOYMENT_INFO'] as const;
export const DESIGNATIONS = ['RELATIONSHIP_OFFICER', 'BRANCH_CREDIT_MANAGER', 'BRANCH_MANAGER', 'HEAD_OFFICE_RISK'] as const;
export type Designation = (typeof DESIGNATIONS)[number];
export const PROFILE_ROLES = ['AGENT', 'MFI_EMPLOYEE'] as const;
export type ProfileRole = (typeof PROFILE_ROLES)[number];

export const labelOf = (list: readonly Option[], code: string | null | undefined): string =>
  list.find((o) => o.code === code)?.label ?? code ?? '';
