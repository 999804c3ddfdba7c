import { describe, expect, it } from 'vitest';
import { firstIssue } from './borrower';
import { CoApplicantInfo } from './co-applicant';

const yearsAgo = (n: number) => `10-01-${new Date().getFullYear() - n}`;
const VALID = {
  type: 'CO_BORROWER',
  relationship: 'SPOUSE',
  title: 'Mrs.',
  phone: '9876500011',
  name: 'Sunita Kumari',
  guardian_name: 'Ramesh Kumar',
  guardian_relationship: 'SPOUSE',
  gender: 'FEMALE',
  income: 12000,
  dob: yearsAgo(35),
  age: 35,
  marital_status: 'MARRIED',
  email: '',
  pincode: '411001',
  city: 'Pune',
  district: 'Pune',
  state: 'Maharashtra',
  address: '12 MG Road, Camp',
  landmark: '',
  pan: 'PQRSX5678K',
  voter_id: 'XYZ7654321',
  aadhaar: '4321',
  pan_file: 'f1',
  aadhaar_front_file: 'f2',
  aadhaar_back_file: 'f3',
  voter_id_file: 'f4',
};

// REQ-COAP-1 co-applicant rules with their messages.
const RULES: [string, Record<string, unknown>, string][] = [
  ['relationship', { relationship: '' }, 'Please select relationship'],
  ['title', { title: '' }, 'Invalid title'],
  ['phone too short', { phone: '98765' }, 'Please enter mobile number'],
  ['phone pattern', { phone: '1234567890' }, 'Invalid mobile number'],
  ['name', { name: 'Su' }, 'Invalid name'],
  ['guardian name', { guardian_name: '' }, 'Invalid guardian name'],
  ['gender', { gender: '' }, 'Please select gender'],
  ['negative income', { income: -1 }, 'Invalid income'],
  ['blank income', { income: null }, 'Invalid income'],
  ['under 18', { dob: yearsAgo(17) }, 'Age not acceptable as per provided DOB'],
  ['over 65', { dob: yearsAgo(66) }, 'Age not acceptable as per provided DOB'],
  // Both readings of REQ-COAP-2 apply: DOB 18–65 and age 21–60, so 18–20 and 61–65 are refused too.
  ['age 20 (age field 21–60)', { dob: yearsAgo(20), age: 20 }, 'Age not acceptable as per provided DOB'],
  ['age 61 (age field 21–60)', { dob: yearsAgo(61), age: 61 }, 'Age not acceptable as per provided DOB'],
  ['a DOB of 19 years with a typed age of 35', { dob: yearsAgo(19) }, 'Age not acceptable as per provided DOB'],
  ['an age field outside 21–60', { age: 62 }, 'Age not acceptable as per provided DOB'],
  ['marital status', { marital_status: '' }, 'Please select marital status'],
  ['DOB not a real date', { dob: '31-02-1980' }, 'Enter date of birth as a real date, DD-MM-YYYY'],
  ['pincode', { pincode: '012345' }, 'Invalid pincode'],
  ['address', { address: 'MG Rd' }, 'Invalid address'],
  ['pan', { pan: 'PQRSX' }, 'Invalid pan number'],
  ['pan file', { pan_file: '' }, 'Missing PAN'],
  ['aadhaar front', { aadhaar_front_file: '' }, 'Missing aadhaar front'],
  ['aadhaar back', { aadhaar_back_file: '' }, 'Missing aadhaar back'],
  ['aadhaar is the last 4 digits only', { aadhaar: '999988887777' }, 'Enter the last 4 digits of Aadhaar'],
  ['co-borrower voter id', { voter_id: '' }, 'Voter ID is required for co-borrower'],
  ['co-borrower voter id file', { voter_id_file: '' }, 'Voter ID file is required for co-borrower'],
];

describe('co-applicant rules (REQ-COAP-1)', () => {
  it('accepts a complete co-borrower, and a guarantor without voter id', () => {
    expect(firstIssue(CoApplicantInfo, VALID)).toBeNull();
    expect(firstIssue(CoApplicantInfo, { ...VALID, type: 'GUARANTOR', voter_id: '', voter_id_file: '' })).toBeNull();
    expect(firstIssue(CoApplicantInfo, { ...VALID, dob: yearsAgo(21), age: 21 })).toBeNull();
    expect(firstIssue(CoApplicantInfo, { ...VALID, dob: yearsAgo(60), age: 60 })).toBeNull();
  });
  it.each(RULES)('%s', (_n, change, message) => expect(firstIssue(CoApplicantInfo, { ...VALID, ...change })).toBe(message));
});
