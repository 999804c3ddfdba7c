// Business details (identity, address, registration and proofs, up to three bank statement groups) and their rules
// with the specification's messages (REQ-BIZ-1 to REQ-BIZ-3). Files are server file ids once uploaded.
import * as v from 'valibot';
import { BANK_ACCOUNT_TYPES, BUSINESS_PROOF_DOCUMENTS, PROPERTY_OWNERSHIP, PROPERTY_PROOF_DOCUMENTS } from './enums';
import { MSG } from './messages';
import { PINCODE_PATTERN } from './patterns';
import { msg } from './msg';

/** REQ-FILE-3: the business proof is png or PDF (no JPEG); bank statements PDF only. */
export const BUSINESS_PROOF_MIME: readonly string[] = ['image/png', 'application/pdf'];

export const BUSINESS_MSG = {
  // REQ-BIZ-1, quoted
  businessName: msg('Invalid business name'),
  businessType: msg('Invalid business type'),
  category: msg('Please select category of business'),
  sector: msg('Please select sector of business'),
  pincode: MSG.invalidPincode,
  district: msg('Invalid district'),
  city: msg('Invalid City'),
  state: msg('Invalid state'),
  address: MSG.invalidAddress,
  addressOwnershipType: msg('Please select business address type'),
  yearsInBusiness: msg('Years in business required'),
  businessProofType: msg('Please select business proof type'),
  businessProof: msg('Please select business proof'),
  ownershipProofType: msg('Please select ownership proof of'),
  bankName: msg('Invalid Bank Name'),
  bankStatement: msg('Missing bank statement'),
  statementBankId: msg('Bank selection is required'),
  // REQ-BIZ-1
  bankCodeNotFound: msg('Bank code not found'),
  camFailed: msg('CAM processing failed or no download URL'),
  // Not worded by the specification (ours; docs/workflow.md "Business details").
  ownedBy: msg('Please select who owns the business address'),
  rentAgreement: msg('Please upload business rent agreement'),
  businessOwnershipProof: msg('Please select business ownership proof'),
  businessOwnershipProofFile: msg('Please upload business ownership proof'),
  residenceOwnershipProof: msg('Please select residence ownership proof'),
  residenceOwnershipProofFile: msg('Please upload residence ownership proof'),
  accountType: msg('Invalid account type'),
  creditLimit: msg('Invalid credit limit'),
  tooManyStatements: msg('Too many bank statement files'),
  tooManyBanks: msg('At most 2 additional banks can be added'),
  statementsPdf: msg('Bank statements must be PDF files'),
  // REQ-FILE-3: business proof png or PDF (the message is ours).
  businessProofFile: msg('Business proof must be a PNG or PDF file'),
} as const;

/** REQ-BIZ-1: the main bank plus at most 2 additional ones (suffix 1 and 2). */
export const MAX_ADDITIONAL_BANKS = 2;
/** Statement files per bank group (a year of monthly statements twice over). */
export const MAX_STATEMENT_FILES = 24;
export const OWNERSHIP_PROOF_OF = ['BUSINESS', 'RESIDENCE', 'BOTH'] as const;

/** The keys of one statement group; `suffix` '' is the main bank, '1' and '2' the additional ones. */
export const statementKeys = (suffix: '' | '1' | '2') =>
  ({
    bankName: `bank_name${suffix}`,
    bankId: `statement_bank_id${suffix}`,
    statements: `bank_statement${suffix}`,
    password: `bank_statement_pwd${suffix}`,
    accountType: `bank_account_type${suffix}`,
    creditLimit: `credit_limit${suffix}`,
  }) as const;
export const STATEMENT_GROUP_SUFFIXES = ['', '1', '2'] as const;

const GROUP_KEY = /^(bank_name|statement_bank_id|bank_statement|bank_statement_pwd|bank_account_type|credit_limit)(\d+)$/;
const isBlank = (x: unknown) => x === undefined || x === null || x === '' || x === 0 || (Array.isArray(x) && x.length === 0);

/**
 * Keys of a body that would make a fourth bank (suffix 3 or more) with a value in them. The schema drops unknown keys,
 * so the server asks this first and refuses such a body with BUSINESS_MSG.tooManyBanks.
 */
export function extraBankGroupKeys(body: Record<string, unknown>): string[] {
  return Object.keys(body).filter((k) => {
    const m = GROUP_KEY.exec(k);
    return !!m && Number(m[2]) > MAX_ADDITIONAL_BANKS && !isBlank(body[k]);
  });
}

const codes = <C extends string>(list: readonly { code: C }[]) => list.map((o) => o.code) as [C, ...C[]];
const text = (min: number, max: number, message: string) =>
  v.pipe(v.string(message), v.trim(), v.minLength(min, message), v.maxLength(max, message));
const optionalText = (max = 200) => v.optional(v.pipe(v.string(MSG.invalidInput), v.trim(), v.maxLength(max, MSG.invalidInput)), '');
const fileId = (message: string) => v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(64, message));
const optionalFileId = v.optional(v.pipe(v.string(MSG.invalidInput), v.trim(), v.maxLength(64, MSG.invalidInput)), '');
const optionalCode = <C extends string>(list: readonly { code: C }[], message: string) =>
  v.optional(v.union([v.literal(''), v.picklist(codes(list))], message), '');

const statementFiles = (min: number) =>
  v.pipe(
    v.array(fileId(BUSINESS_MSG.bankStatement), BUSINESS_MSG.bankStatement),
    v.minLength(min, BUSINESS_MSG.bankStatement),
    v.maxLength(MAX_STATEMENT_FILES, BUSINESS_MSG.tooManyStatements),
  );
/** Amount inputs keep digits only (REQ-VAL-2): '' or digits, a number becomes its digits. */
const creditLimit = v.optional(
  v.union(
    [
      v.pipe(v.string(), v.trim(), v.regex(/^\d{0,15}$/, BUSINESS_MSG.creditLimit)),
      v.pipe(
        v.number(),
        v.integer(BUSINESS_MSG.creditLimit),
        v.minValue(0, BUSINESS_MSG.creditLimit),
        v.maxValue(1e15, BUSINESS_MSG.creditLimit),
        v.transform(String),
      ),
    ],
    BUSINESS_MSG.creditLimit,
  ),
  '',
);
/** An additional bank's id: '', null or 0 mean none (null). */
const optionalBankId = v.pipe(
  v.optional(v.union([v.literal(''), v.null(), v.pipe(v.number(), v.integer(), v.minValue(0))], BUSINESS_MSG.statementBankId), null),
  v.transform((x): number | null => (typeof x === 'number' && x > 0 ? x : null)),
);

const mainGroup = {
  bank_name: text(1, 200, BUSINESS_MSG.bankName),
  statement_bank_id: v.pipe(
    v.number(BUSINESS_MSG.statementBankId),
    v.integer(BUSINESS_MSG.statementBankId),
    v.minValue(1, BUSINESS_MSG.statementBankId),
  ),
  bank_statement: statementFiles(1),
  bank_statement_pwd: optionalText(100),
  bank_account_type: optionalCode(BANK_ACCOUNT_TYPES, BUSINESS_MSG.accountType),
  credit_limit: creditLimit,
};
const additionalFiles = v.optional(statementFiles(0), []);

export const BusinessFields = v.object({
  business_name: text(3, 200, BUSINESS_MSG.businessName),
  business_type: text(3, 100, BUSINESS_MSG.businessType),
  category_of_business: text(1, 100, BUSINESS_MSG.category),
  sector_of_business: text(1, 100, BUSINESS_MSG.sector),
  business_pincode: v.pipe(v.string(BUSINESS_MSG.pincode), v.trim(), v.regex(PINCODE_PATTERN, BUSINESS_MSG.pincode)),
  business_district: text(1, 100, BUSINESS_MSG.district),
  business_city: text(1, 100, BUSINESS_MSG.city),
  business_state: text(1, 100, BUSINESS_MSG.state),
  business_address: text(8, 500, BUSINESS_MSG.address),
  /** Spelt so by the specification. */
  businesss_landmark: optionalText(200),
  business_address_ownership_type: v.picklist(codes(PROPERTY_OWNERSHIP), BUSINESS_MSG.addressOwnershipType),
  /** Required when business_address_ownership_type is FAMILY_OWNED. */
  owned_by: optionalText(100),
  years_in_business: v.pipe(
    v.number(BUSINESS_MSG.yearsInBusiness),
    v.finite(BUSINESS_MSG.yearsInBusiness),
    v.minValue(1, BUSINESS_MSG.yearsInBusiness),
    v.maxValue(100, BUSINESS_MSG.yearsInBusiness),
  ),
  udyam_regd_no: v.optional(v.pipe(v.string(MSG.invalidInput), v.trim(), v.toUpperCase(), v.maxLength(40, MSG.invalidInput)), ''),
  gst_no: v.optional(v.pipe(v.string(MSG.invalidInput), v.trim(), v.toUpperCase(), v.maxLength(20, MSG.invalidInput)), ''),
  gst_upload: optionalFileId,
  business_proof_type: v.picklist(codes(BUSINESS_PROOF_DOCUMENTS), BUSINESS_MSG.businessProofType),
  business_proof: fileId(BUSINESS_MSG.businessProof),
  /** Sent as a copy of business_proof, as the specification's business submit does; the server always sets it from
   * business_proof. */
  upload_business_proof: optionalFileId,
  ownership_proof_type: v.picklist(OWNERSHIP_PROOF_OF, BUSINESS_MSG.ownershipProofType),
  business_ownership_proof: optionalCode(PROPERTY_PROOF_DOCUMENTS, BUSINESS_MSG.businessOwnershipProof),
  business_ownership_proof_file: optionalFileId,
  residence_ownership_proof: optionalCode(PROPERTY_PROOF_DOCUMENTS, BUSINESS_MSG.residenceOwnershipProof),
  residence_ownership_proof_file: optionalFileId,
  /** Required unless the business address is SELF_OWNED or FAMILY_OWNED. */
  business_rent_agreement: optionalFileId,
  remarks: optionalText(1000),
  ...mainGroup,
  bank_name1: optionalText(200),
  statement_bank_id1: optionalBankId,
  bank_statement1: additionalFiles,
  bank_statement_pwd1: optionalText(100),
  bank_account_type1: optionalCode(BANK_ACCOUNT_TYPES, BUSINESS_MSG.accountType),
  credit_limit1: creditLimit,
  bank_name2: optionalText(200),
  statement_bank_id2: optionalBankId,
  bank_statement2: additionalFiles,
  bank_statement_pwd2: optionalText(100),
  bank_account_type2: optionalCode(BANK_ACCOUNT_TYPES, BUSINESS_MSG.accountType),
  credit_limit2: creditLimit,
});

type Fields = v.InferOutput<typeof BusinessFields>;

export const needsRentAgreement = (ownership: string) => ownership !== 'SELF_OWNED' && ownership !== 'FAMILY_OWNED';
export const needsBusinessOwnershipProof = (of: string) => of === 'BUSINESS' || of === 'BOTH';
export const needsResidenceOwnershipProof = (of: string) => of === 'RESIDENCE' || of === 'BOTH';

type Key = keyof Fields;
const requiredWhen = <A extends Key, B extends Key>(when: A, field: B, cond: (w: Fields[A]) => boolean, message: string) =>
  v.forward<Fields, v.BaseIssue<unknown>, [B]>(
    v.check<Fields, string>((o) => !cond(o[when]) || !isBlank(o[field]), message),
    [field],
  );

/** An additional group counts as added once it names a bank, picks one or holds a statement; then all three are needed. */
const additionalGroupComplete = (s: '1' | '2') => {
  const k = statementKeys(s);
  const added = (f: Fields) => {
    const o = f as Record<string, unknown>;
    return !isBlank(o[k.bankName]) || !isBlank(o[k.bankId]) || !isBlank(o[k.statements]);
  };
  const check = (field: string, message: string) =>
    v.forward<Fields, v.BaseIssue<unknown>, [Key]>(
      v.check<Fields, string>((o) => !added(o) || !isBlank((o as Record<string, unknown>)[field]), message),
      [field as Key],
    );
  return [
    check(k.bankName, BUSINESS_MSG.bankName),
    check(k.bankId, BUSINESS_MSG.statementBankId),
    check(k.statements, BUSINESS_MSG.bankStatement),
  ] as const;
};

/**
 * POST / PATCH /v1/app/mfi/{id}/business-detail body. Beside the field rules: owned_by when FAMILY_OWNED; the rent
 * agreement unless SELF_OWNED or FAMILY_OWNED; the business and/or residence ownership proof (document and file) as
 * ownership_proof_type says; an added additional bank needs its name, bank and statement. These run once every field
 * passes its own rule (only the first message is shown, REQ-UI-7). upload_business_proof is
 * business_proof, as the business submit sends it.
 * A fourth bank group (suffix 3…) is not a key of the schema: ask extraBankGroupKeys first.
 */
export const BusinessInfo = v.pipe(
  BusinessFields,
  requiredWhen('business_address_ownership_type', 'owned_by', (t) => t === 'FAMILY_OWNED', BUSINESS_MSG.ownedBy),
  requiredWhen('ownership_proof_type', 'business_ownership_proof', needsBusinessOwnershipProof, BUSINESS_MSG.businessOwnershipProof),
  requiredWhen(
    'ownership_proof_type',
    'business_ownership_proof_file',
    needsBusinessOwnershipProof,
    BUSINESS_MSG.businessOwnershipProofFile,
  ),
  requiredWhen('ownership_proof_type', 'residence_ownership_proof', needsResidenceOwnershipProof, BUSINESS_MSG.residenceOwnershipProof),
  requiredWhen(
    'ownership_proof_type',
    'residence_ownership_proof_file',
    needsResidenceOwnershipProof,
    BUSINESS_MSG.residenceOwnershipProofFile,
  ),
  requiredWhen('business_address_ownership_type', 'business_rent_agreement', needsRentAgreement, BUSINESS_MSG.rentAgreement),
  ...additionalGroupComplete('1'),
  ...additionalGroupComplete('2'),
  v.transform((o) => ({ ...o, upload_business_proof: o.business_proof })),
);
export type BusinessInfo = v.InferOutput<typeof BusinessInfo>;

/** Every file id of the business details, by kind: statements must be PDFs, the rest any accepted upload. */
export function businessFileIds(b: BusinessInfo): { statements: string[]; others: string[] } {
  const r = b as unknown as Record<string, unknown>;
  const statements = STATEMENT_GROUP_SUFFIXES.flatMap((s) => (r[statementKeys(s).statements] as string[] | undefined) ?? []);
  const others = [
    b.gst_upload,
    b.business_proof,
    b.business_ownership_proof_file,
    b.residence_ownership_proof_file,
    b.business_rent_agreement,
  ].filter((x) => !!x);
  return { statements, others };
}

// Statement parsing (banking API POST /v1/identity) and statement analysis (main API POST /v1/banking/bank-statement-info).

export const StatementIdentityRequest = v.object({
  bank_name: v.optional(v.pipe(v.string(MSG.invalidInput), v.trim(), v.maxLength(200, MSG.invalidInput)), ''),
  files: v.pipe(
    v.array(
      v.object({
        file_id: fileId(BUSINESS_MSG.bankStatement),
        password: v.optional(v.nullable(v.pipe(v.string(MSG.invalidInput), v.maxLength(100, MSG.invalidInput))), ''),
      }),
      BUSINESS_MSG.bankStatement,
    ),
    v.minLength(1, BUSINESS_MSG.bankStatement),
    v.maxLength(MAX_STATEMENT_FILES, BUSINESS_MSG.tooManyStatements),
  ),
});
export type StatementIdentityRequest = v.InferOutput<typeof StatementIdentityRequest>;

export type StatementIdentity = { name: string; account_number: string; account_type: string; ifsc: string; bank_name: string };

export const StatementAnalysisRequest = v.object({
  /** The bank's code from the bank list; a bank without a code stops on the client ('Bank code not found'). */
  bank_name: v.pipe(
    v.string(BUSINESS_MSG.bankCodeNotFound),
    v.trim(),
    v.minLength(1, BUSINESS_MSG.bankCodeNotFound),
    v.maxLength(20, BUSINESS_MSG.bankCodeNotFound),
  ),
  password: v.optional(v.nullable(v.pipe(v.string(MSG.invalidInput), v.maxLength(100, MSG.invalidInput))), ''),
  file_id: fileId(BUSINESS_MSG.bankStatement),
  mfi_app_id: v.pipe(v.string(MSG.invalidInput), v.regex(/^[0-9a-f]{32}$/, MSG.invalidInput)),
});
export type StatementAnalysisRequest = v.InferOutput<typeof StatementAnalysisRequest>;
