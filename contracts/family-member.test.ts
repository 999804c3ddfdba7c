import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { firstIssue } from './borrower';
import { FAMILY_LIMIT, FamilyMemberInfo } from './family-member';

const VALID = {
  name: 'Kamla Devi',
  phone: '9876500022',
  email: '',
  pan: 'aaaaf1234a',
  guardian_name: 'Shankar Kumar',
  guardian_relationship: 'FATHER',
  pincode: '411001',
  city: 'Pune',
  state: 'Maharashtra',
  address: '12 MG Road, Camp',
  gender: 'FEMALE',
  dob: '15-08-1990',
  education_qualification: 'GRADUATION',
  income: 8000,
  pan_file: 'f1',
  aadhaar_front_file: 'f2',
  aadhaar_back_file: 'f3',
  voter_id_file: 'f4',
};

// REQ-FAM-1 family member rules with their messages.
const RULES: [string, Record<string, unknown>, string][] = [
  ['name too short', { name: 'Ka' }, 'Invalid name'],
  ['name left out', { name: undefined }, 'Invalid name'],
  ['phone too short', { phone: '98765' }, 'Please enter mobile number'],
  ['phone left out', { phone: undefined }, 'Please enter mobile number'],
  ['phone pattern', { phone: '1234567890' }, 'Invalid mobile number'],
  ['email, when given, must be valid', { email: 'not-an-email' }, 'Invalid email'],
  ['pan too short', { pan: 'AAAAF' }, 'Invalid PAN'],
  ['pan left out', { pan: undefined }, 'Invalid PAN'],
  ['guardian name', { guardian_name: 'Sh' }, "Guardian's name must be at least 3 characters"],
  ['guardian relationship', { guardian_relationship: '' }, 'Please select guardian relationship'],
  ['pincode', { pincode: '012345' }, 'Invalid pincode'],
  ['city', { city: ' ' }, 'Invalid city'],
  ['state', { state: '' }, 'Invalid state'],
  ['address', { address: 'MG Rd' }, 'Invalid address'],
  ['gender', { gender: '' }, 'Please select gender'],
  ['DOB in the future', { dob: '15-08-2999' }, 'Date of birth cannot be in the future'],
  ['dob left out', { dob: undefined }, 'Invalid date or date of birth is required'],
  ['dob empty', { dob: '' }, 'Invalid date or date of birth is required'],
  ['dob not DD-MM-YYYY', { dob: '1990-08-15' }, 'Invalid date or date of birth is required'],
  ['dob not a calendar date', { dob: '31-02-1990' }, 'Invalid date or date of birth is required'],
  ['education', { education_qualification: '' }, 'Please select education qualification'],
  ['income 0', { income: 0 }, 'Please enter income'],
  ['income blank', { income: null }, 'Please enter income'],
  ['income as text', { income: '8000' }, 'Please enter income'],
  ['pan file', { pan_file: '' }, 'Missing PAN'],
  ['aadhaar front', { aadhaar_front_file: '' }, 'Missing aadhaar front'],
  ['aadhaar back', { aadhaar_back_file: undefined }, 'Missing aadhaar back'],
  ['voter id file', { voter_id_file: '' }, 'Missing voter id'],
];

describe('family member rules (REQ-FAM-1)', () => {
  it('accepts a complete member; email is optional but kept when valid; PAN upper-cased', () => {
    expect(firstIssue(FamilyMemberInfo, VALID)).toBeNull();
    const { email: _e, ...noEmail } = VALID;
    expect(v.parse(FamilyMemberInfo, noEmail).email).toBe('');
    expect(v.parse(FamilyMemberInfo, { ...VALID, email: ' kamla@example.com ' }).email).toBe('kamla@example.com');
    expect(v.parse(FamilyMemberInfo, VALID).pan).toBe('AAAAF1234A');
    expect(firstIssue(FamilyMemberInfo, { ...VALID, dob: '29-02-2000', income: 1 })).toBeNull();
  });
  it.each(RULES)('%s', (_n, change, message) => expect(firstIssue(FamilyMemberInfo, { ...VALID, ...change })).toBe(message));
  it('the first failing field in form order is the one reported', () => {
    expect(firstIssue(FamilyMemberInfo, { ...VALID, address: 'x', name: 'x' })).toBe('Invalid name');
  });
  it('"add allowed while the count is at most 5" → at most 6 members', () => expect(FAMILY_LIMIT).toBe(6));
});
