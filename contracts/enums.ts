// Enumerations of REQ-VAL-5 with their wire codes and display labels.
import { msg } from './msg';
export type Option<C extends string = string> = { readonly code: C; readonly label: string };
const opts = <C extends string>(pairs: readonly (readonly [C, string])[]): readonly Option<C>[] =>
  pairs.map(([code, label]) => ({ code, label }));

export const LOAN_PRODUCTS = opts([
  ['MFI_BUSINESS_LOAN', msg('MFI Business Loan')],
  ['UNSECURED_BUSINESS_LOAN', msg('Unsecured Business Loan')],
] as const);
export const TITLES = opts([
  ['Mr.', msg('Mr.')],
  ['Mrs.', msg('Mrs.')],
  ['Smt.', msg('Smt.')],
  ['Ms.', msg('Ms.')],
] as const);
export const GENDERS = opts([
  ['MALE', msg('Male')],
  ['FEMALE', msg('Female')],
  ['OTHER', msg('Others')],
] as const);
export const MARITAL_STATUSES = opts([
  ['MARRIED', msg('Married')],
  ['UNMARRIED', msg('Unmarried')],
  ['DIVORCED', msg('Divorced')],
  ['WIDOWED', msg('Widowed')],
] as const);
export const RELIGIONS = opts([
  ['HINDU', msg('Hindu')],
  ['MUSLIM', msg('Muslim')],
  ['SIKH', msg('Sikh')],
  ['CHRISTIAN', msg('Christian')],
  ['OTHERS', msg('Others')],
] as const);
export const CATEGORIES = opts([
  ['GENERAL', msg('General')],
  ['OBC', 'OBC'],
  ['SC', 'SC'],
  ['ST', 'ST'],
  ['OTHERS', msg('Others')],
] as const);
export const EDUCATION = opts([
  ['UNEDUCATED', msg('Uneducated')],
  ['5TH_PASS', msg('5th Pass')],
  ['10TH_PASS', msg('10th Pass')],
  ['12TH_PASS', msg('12th Pass')],
  ['GRADUATION', msg('Graduation')],
  ['POST_GRADUATION', msg('Post Graduation')],
  ['PHD', msg('PhD')],
] as const);
export const ADDRESS_TYPES = opts([
  ['BUSINESS', msg('Business')],
  ['RESIDENCE', msg('Residence')],
  ['BOTH', msg('Both')],
] as const);
export const HOUSE_TYPES = opts([
  ['PAKKA', msg('Pakka')],
  ['KACCHA', msg('Kaccha')],
] as const);
export const PROPERTY_OWNERSHIP = opts([
  ['SELF_OWNED', msg('Self Owned')],
  ['RENTED', msg('Rented')],
  ['FAMILY_OWNED', msg('Family Owned')],
  ['LEASED', msg('Leased')],
  ['OTHERS', msg('Others')],
] as const);
export const BUSINESS_CONSTITUTIONS = opts([
  ['SOLE_PROPRIETORSHIP', msg('Sole Proprietorship')],
  ['PRIVATE_LIMITED_COMPANY', msg('Private Limited Company')],
  ['LLP', 'LLP'],
  ['PARTNERSHIP', msg('Partnership')],
  ['OTHERS', msg('Others')],
] as const);
export const VERIFICATION_TYPES = opts([
  ['BUSINESS_PLACE_VERIFICATION', msg('Business Place Verification')],
  ['RESIDENCE_VERIFICATION', msg('Residence Verification')],
] as const);
export const BANK_ACCOUNT_TYPES = opts([
  ['CURRENT', msg('Current')],
  ['OVERDRAFT', msg('Overdraft')],
  ['SAVINGS', msg('Savings')],
  ['CASHCREDIT', msg('Cash Credit Account')],
  ['CURRENT ACCOUNT WITH OD', msg('Current Account With OD')],
] as const);
export const FAMILY_RELATIONSHIPS = opts([
  ['SPOUSE', msg('Spouse')],
  ['FATHER', msg('Father')],
  ['MOTHER', msg('Mother')],
  ['UNMARRIED_SON', msg('Unmarried Son')],
  ['FATHER_IN_LAW', msg('Father-in-law')],
  ['MOTHER_IN_LAW', msg('Mother-in-law')],
  ['OTHERS', msg('Others')],
] as const);
export const CO_APPLICANT_RELATIONSHIPS = opts([
  ['SELF', msg('Self')],
  ['SPOUSE', msg('Spouse')],
  ['FATHER', msg('Father')],
  ['MOTHER', msg('Mother')],
  ['FATHER_IN_LAW', msg('Father-in-law')],
  ['MOTHER_IN_LAW', msg('Mother-in-law')],
  ['GRAND_PARENTS', msg('Grand Parents')],
  ['OTHERS', msg('Others')],
] as const);
export const LOAN_PURPOSES = opts([
  ['EXPANSION_OF_EXISTING_BUSINESS', msg('Expansion of existing business')],
  ['RENOVATION_OF_PREMISES', msg('Renovation of premises')],
  ['PURCHASE_OF_ADDITIONAL_STOCK', msg('Purchase of additional stock or raw material')],
  ['PURCHASE_OF_MACHINERY', msg('Purchase of machinery, equipment or tools')],
  ['REPAY_HIGH_COST_DEBT', msg('Repay high-cost debt')],
] as const);
/** REQ-EMP-1 job_type: SELF_EMPLOYED shows business info; a salaried borrower fills the employment step instead. */
export const JOB_TYPES = opts([
  ['SELF_EMPLOYED', msg('Self-employed (own business)')],
  ['SALARIED', msg('Salaried (employed)')],
] as const);
export const BUSINESS_PROOF_DOCUMENTS = opts([
  ['MSME_REGISTRATION_CERTIFICATE', msg('MSME registration certificate')],
  ['SHOPS_AND_ESTABLISHMENT_CERTIFICATE', msg('Shops & Establishment certificate')],
  ['BANK_ACCOUNT_STATEMENT', msg('Current or savings account statement')],
  ['GST_REGISTRATION_CERTIFICATE', msg('GST registration certificate')],
  ['GST_INVOICE', msg('GST invoice for last 2 years')],
  ['FSSAI_LICENCE', msg('FSSAI registration or licence')],
  ['TRADE_OR_DRUG_LICENCE', msg('Trade or drug licence')],
  ['OTHERS', msg('Others')],
] as const);
export const PROPERTY_PROOF_DOCUMENTS = opts([
  ['PROPERTY_TAX_RECEIPT', msg('Municipal property tax receipt (latest, not over 12 months old)')],
  ['LAND_REVENUE_RECEIPT', msg('Land revenue receipt')],
  ['SALES_OR_GIFT_DEED', msg('Registered sales or gift deed')],
  ['PATTA', msg('Patta')],
  ['KHATA', msg('Khata')],
  ['KHATOUNI', msg('Khatouni')],
  ['LAND_ALLOTMENT_LETTER', msg('Land allotment letter')],
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
