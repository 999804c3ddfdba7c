import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { firstIssue } from './borrower';
import {
  BUSINESS_MSG,
  BusinessInfo,
  businessFileIds,
  extraBankGroupKeys,
  StatementAnalysisRequest,
  StatementIdentityRequest,
} from './business';

const VALID = {
  business_name: 'Ramesh Kirana Store',
  business_type: 'SOLE_PROPRIETORSHIP',
  category_of_business: 'Kirana Store',
  sector_of_business: 'Trading',
  business_pincode: '411001',
  business_district: 'Pune',
  business_city: 'Pune',
  business_state: 'Maharashtra',
  business_address: 'Shop 4, Laxmi Road, Pune',
  businesss_landmark: 'Near Shivaji Market',
  business_address_ownership_type: 'SELF_OWNED',
  owned_by: '',
  years_in_business: 6,
  udyam_regd_no: 'UDYAM-MH-26-0012345',
  gst_no: '',
  gst_upload: '',
  business_proof_type: 'SHOPS_AND_ESTABLISHMENT_CERTIFICATE',
  business_proof: 'proof1',
  ownership_proof_type: 'BUSINESS',
  business_ownership_proof: 'PROPERTY_TAX_RECEIPT',
  business_ownership_proof_file: 'own1',
  residence_ownership_proof: '',
  residence_ownership_proof_file: '',
  business_rent_agreement: '',
  remarks: '',
  bank_name: 'State Bank of India',
  statement_bank_id: 1,
  bank_statement: ['st1', 'st2'],
  bank_statement_pwd: '',
  bank_account_type: 'SAVINGS',
  credit_limit: '',
};
const BANK1 = {
  bank_name1: 'HDFC Bank',
  statement_bank_id1: 2,
  bank_statement1: ['st3'],
  bank_statement_pwd1: 'x',
  bank_account_type1: 'CURRENT',
  credit_limit1: '50000',
};

// REQ-BIZ-1 with its messages, and our messages for the conditional fields.
const RULES: [string, Record<string, unknown>, string][] = [
  ['business name', { business_name: 'Ab' }, 'Invalid business name'],
  ['business name left out', { business_name: undefined }, 'Invalid business name'],
  ['business type', { business_type: 'AB' }, 'Invalid business type'],
  ['category', { category_of_business: '' }, 'Please select category of business'],
  ['sector', { sector_of_business: '' }, 'Please select sector of business'],
  ['pincode', { business_pincode: '012345' }, 'Invalid pincode'],
  ['district', { business_district: '' }, 'Invalid district'],
  ['city', { business_city: ' ' }, 'Invalid City'],
  ['state', { business_state: '' }, 'Invalid state'],
  ['address', { business_address: 'Shop 4' }, 'Invalid address'],
  ['address ownership', { business_address_ownership_type: '' }, 'Please select business address type'],
  ['years in business 0', { years_in_business: 0 }, 'Years in business required'],
  ['years in business blank', { years_in_business: '' }, 'Years in business required'],
  ['business proof type', { business_proof_type: '' }, 'Please select business proof type'],
  ['business proof', { business_proof: '' }, 'Please select business proof'],
  ['ownership proof of', { ownership_proof_type: 'SHOP' }, 'Please select ownership proof of'],
  ['main bank name', { bank_name: '' }, 'Invalid Bank Name'],
  ['main bank statement empty', { bank_statement: [] }, 'Missing bank statement'],
  ['main bank statement left out', { bank_statement: undefined }, 'Missing bank statement'],
  ['main bank id 0', { statement_bank_id: 0 }, 'Bank selection is required'],
  ['main bank id blank', { statement_bank_id: '' }, 'Bank selection is required'],
  ['account type', { bank_account_type: 'GOLD' }, BUSINESS_MSG.accountType],
  ['credit limit keeps digits', { credit_limit: '12,000' }, BUSINESS_MSG.creditLimit],
  ['family owned needs owned_by', { business_address_ownership_type: 'FAMILY_OWNED' }, BUSINESS_MSG.ownedBy],
  ['rented needs the rent agreement', { business_address_ownership_type: 'RENTED' }, BUSINESS_MSG.rentAgreement],
  ['leased needs the rent agreement', { business_address_ownership_type: 'LEASED' }, BUSINESS_MSG.rentAgreement],
  ['business ownership proof', { business_ownership_proof: '' }, BUSINESS_MSG.businessOwnershipProof],
  ['business ownership proof code', { business_ownership_proof: 'RATION_CARD' }, BUSINESS_MSG.businessOwnershipProof],
  ['business ownership proof file', { business_ownership_proof_file: '' }, BUSINESS_MSG.businessOwnershipProofFile],
  ['residence ownership proof', { ownership_proof_type: 'RESIDENCE' }, BUSINESS_MSG.residenceOwnershipProof],
  ['residence proof file', { ownership_proof_type: 'BOTH', residence_ownership_proof: 'KHATA' }, BUSINESS_MSG.residenceOwnershipProofFile],
  ['an added bank needs its statement', { ...BANK1, bank_statement1: [] }, 'Missing bank statement'],
  ['an added bank needs its bank', { ...BANK1, statement_bank_id1: '' }, 'Bank selection is required'],
  ['an added bank needs its name', { bank_statement2: ['st9'], statement_bank_id2: 3 }, 'Invalid Bank Name'],
  ['too many statement files', { bank_statement: Array.from({ length: 25 }, (_, i) => `s${i}`) }, BUSINESS_MSG.tooManyStatements],
];

describe('business details rules (REQ-BIZ-1)', () => {
  it('accepts the main bank alone, with defaults for everything optional', () => {
    expect(firstIssue(BusinessInfo, VALID)).toBeNull();
    const out = v.parse(BusinessInfo, {
      ...VALID,
      bank_statement_pwd: undefined,
      bank_account_type: undefined,
      credit_limit: undefined,
      remarks: undefined,
    });
    expect(out).toMatchObject({
      bank_statement_pwd: '',
      bank_account_type: '',
      credit_limit: '',
      remarks: '',
      bank_name1: '',
      statement_bank_id1: null,
      bank_statement1: [],
    });
  });
  it('accepts two additional banks, a rented address with its agreement, a family address with its owner, both proofs', () => {
    expect(
      firstIssue(BusinessInfo, { ...VALID, ...BANK1, bank_name2: 'ICICI Bank', statement_bank_id2: 3, bank_statement2: ['st4'] }),
    ).toBeNull();
    expect(firstIssue(BusinessInfo, { ...VALID, business_address_ownership_type: 'RENTED', business_rent_agreement: 'rent1' })).toBeNull();
    expect(firstIssue(BusinessInfo, { ...VALID, business_address_ownership_type: 'FAMILY_OWNED', owned_by: 'FATHER' })).toBeNull();
    expect(
      firstIssue(BusinessInfo, {
        ...VALID,
        ownership_proof_type: 'BOTH',
        residence_ownership_proof: 'KHATA',
        residence_ownership_proof_file: 'own2',
      }),
    ).toBeNull();
    expect(
      firstIssue(BusinessInfo, {
        ...VALID,
        ownership_proof_type: 'RESIDENCE',
        business_ownership_proof: '',
        business_ownership_proof_file: '',
        residence_ownership_proof: 'PATTA',
        residence_ownership_proof_file: 'own2',
      }),
    ).toBeNull();
  });
  it('an empty additional group ("", null or 0 for its bank) is no group', () => {
    const out = v.parse(BusinessInfo, { ...VALID, bank_name1: '', statement_bank_id1: 0, bank_statement1: [], statement_bank_id2: '' });
    expect(out).toMatchObject({ statement_bank_id1: null, statement_bank_id2: null });
  });
  it('upload_business_proof is business_proof; a credit limit number keeps its digits', () => {
    const out = v.parse(BusinessInfo, { ...VALID, upload_business_proof: 'other', credit_limit: 25000 });
    expect(out.upload_business_proof).toBe('proof1');
    expect(out.credit_limit).toBe('25000');
  });
  it.each(RULES)('%s', (_n, change, message) => expect(firstIssue(BusinessInfo, { ...VALID, ...change })).toBe(message));

  it('a fourth bank group is found by its keys', () => {
    expect(extraBankGroupKeys({ ...VALID, ...BANK1 })).toEqual([]);
    expect(extraBankGroupKeys({ ...VALID, bank_name3: 'Yes Bank', bank_statement3: ['x'], credit_limit4: '' })).toEqual([
      'bank_name3',
      'bank_statement3',
    ]);
  });
  it('lists the statement files apart from the other files', () => {
    const out = v.parse(BusinessInfo, { ...VALID, ...BANK1, gst_upload: 'gst1' });
    expect(businessFileIds(out)).toEqual({ statements: ['st1', 'st2', 'st3'], others: ['gst1', 'proof1', 'own1'] });
  });
});

describe('statement parsing and analysis bodies', () => {
  it('identity: at least one file', () => {
    expect(firstIssue(StatementIdentityRequest, { bank_name: 'SBIN', files: [{ file_id: 'a', password: '' }] })).toBeNull();
    expect(firstIssue(StatementIdentityRequest, { bank_name: 'SBIN', files: [] })).toBe('Missing bank statement');
  });
  it('analysis: a bank code is needed', () => {
    const body = { bank_name: 'SBIN', password: '', file_id: 'a', mfi_app_id: 'a'.repeat(32) };
    expect(firstIssue(StatementAnalysisRequest, body)).toBeNull();
    expect(firstIssue(StatementAnalysisRequest, { ...body, bank_name: '' })).toBe('Bank code not found');
  });
});
