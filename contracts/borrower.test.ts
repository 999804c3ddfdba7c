import { describe, expect, it } from 'vitest';
import { BorrowerInfo, coApplicantsMissing, firstIssue } from './borrower';
import { ageFromDmy, indiaToday, isFutureDmy, parseDmy, toDmy } from './dates';

const today = new Date();
const yearsAgo = (n: number) => `15-06-${today.getFullYear() - n}`;

const VALID = {
  phone: '9876543210',
  aadhaar_last4: '7777',
  title: 'Mr.',
  name: 'Ramesh Kumar',
  alternate_phone: '',
  gender: 'MALE',
  marital_status: 'MARRIED',
  dob: yearsAgo(40),
  age: 40,
  pan: 'ABCDE1234F',
  voter_id: 'ABC1234567',
  pincode: '411001',
  city: 'Pune',
  district: 'Pune',
  state: 'Maharashtra',
  address: '12 MG Road, Camp',
  address_type: 'RESIDENCE',
  address_ownership_type: 'SELF_OWNED',
  address_owned_by: '',
  years_of_residence: 5,
  house_type: 'PAKKA',
  email: '',
  loan_type: 'MFI_BUSINESS_LOAN',
  amount_requested: 100000,
  tenure_requested: 12,
  emi_requested: 9000,
  purpose: 'EXPANSION_OF_EXISTING_BUSINESS',
  borrower_photo_from_aadhaar: '',
  terms_accepted: true,
};

// REQ-BORR-1 borrower rules, each with the message the officer sees first.
const RULES: [string, Record<string, unknown>, string][] = [
  ['mobile pattern', { phone: '5876543210' }, 'Invalid mobile number'],
  ['name min 3', { name: 'Ra' }, 'Full name must be at least 3 characters'],
  ['title required', { title: '' }, 'Please select title'],
  ['gender required', { gender: '' }, 'Please select gender'],
  ['marital status required', { marital_status: '' }, 'Please select marital status'],
  ['DOB under 21', { dob: yearsAgo(20), age: 40 }, 'DOB must be between 21 and 60 years'],
  ['DOB over 60', { dob: yearsAgo(61), age: 40 }, 'DOB must be between 21 and 60 years'],
  ['DOB not a date', { dob: '31-02-1990' }, 'Enter date of birth as a real date, DD-MM-YYYY'],
  ['DOB in the future', { dob: `15-06-${today.getFullYear() + 1}` }, 'Date of birth cannot be in the future'],
  ['age field', { age: 61 }, 'Age must be between 21 and 60 years'],
  ['pan min 10', { pan: 'ABCDE123' }, 'Invalid PAN'],
  ['voter id required', { voter_id: '' }, 'Please enter voter ID'],
  ['pincode pattern', { pincode: '011001' }, 'Invalid pincode'],
  ['district required', { district: ' ' }, 'Please enter district'],
  ['house type required', { house_type: '' }, 'Please select house type'],
  ['purpose required', { purpose: '' }, 'Please select purpose of the loan'],
  ['blank amount', { amount_requested: null }, 'Please enter loan amount'],
  ['address min 8', { address: 'MG Road' }, 'Address must be at least 8 characters'],
  ['years of residence ≥ 1', { years_of_residence: 0 }, 'Years of residence must be at least 1'],
  ['MFI amount below range', { amount_requested: 74_999 }, 'Loan amount must be between 75,000 and 1,25,000'],
  ['MFI amount above range', { amount_requested: 125_001 }, 'Loan amount must be between 75,000 and 1,25,000'],
  [
    'unsecured amount range',
    { loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 99_999 },
    'Loan amount must be between 1,00,000 and 5,00,000',
  ],
  ['MFI tenure range', { tenure_requested: 30 }, 'Loan tenure must be between 12 and 24 months'],
  [
    'unsecured tenure range',
    { loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 200_000, tenure_requested: 48 },
    'Loan tenure must be between 12 and 36 months',
  ],
  ['EMI ≥ 1', { emi_requested: 0 }, 'EMI requested must be at least 1'],
  ['terms accepted', { terms_accepted: false }, 'You must accept the Terms & Conditions'],
  ['optional email must be valid', { email: 'ramesh@' }, 'Invalid email'],
  ['optional alternate phone must be a mobile', { alternate_phone: '12345' }, 'Invalid mobile number'],
  ['blank years of residence', { years_of_residence: null }, 'Years of residence must be at least 1'],
  ['blank EMI', { emi_requested: null }, 'EMI requested must be at least 1'],
  ['blank DOB', { dob: undefined }, 'Enter date of birth as a real date, DD-MM-YYYY'],
  ['blank pincode', { pincode: undefined }, 'Invalid pincode'],
];

describe('borrower rules (REQ-BORR-1)', () => {
  it('accepts a complete borrower', () => {
    expect(firstIssue(BorrowerInfo, VALID)).toBeNull();
    expect(
      firstIssue(BorrowerInfo, { ...VALID, loan_type: 'UNSECURED_BUSINESS_LOAN', amount_requested: 500_000, tenure_requested: 36 }),
    ).toBeNull();
  });
  it.each(RULES)('%s', (_name, change, message) => {
    expect(firstIssue(BorrowerInfo, { ...VALID, ...change })).toBe(message);
  });
  it('co-borrower always, guarantor too for the unsecured loan', () => {
    expect(coApplicantsMissing('MFI_BUSINESS_LOAN', [])).toBe('Add Co-borrower to proceed');
    expect(coApplicantsMissing('MFI_BUSINESS_LOAN', ['CO_BORROWER'])).toBeNull();
    expect(coApplicantsMissing('UNSECURED_BUSINESS_LOAN', ['CO_BORROWER'])).toBe('Both Co-borrower and Guarantor are required to proceed');
    expect(coApplicantsMissing('UNSECURED_BUSINESS_LOAN', ['GUARANTOR', 'CO_BORROWER'])).toBeNull();
  });
});

describe('DD-MM-YYYY dates', () => {
  it.each([
    ['15-08-1985', new Date('2026-08-14T12:00:00+05:30'), 40],
    ['15-08-1985', new Date('2026-08-15T12:00:00+05:30'), 41],
    ['29-02-2000', new Date('2021-02-28T12:00:00+05:30'), 20],
    ['29-02-2000', new Date('2021-03-01T12:00:00+05:30'), 21],
  ] as const)('age of %s on %s is %i', (dob, on, age) => expect(ageFromDmy(dob, on)).toBe(age));
  it("counts on India's day whatever the host's zone: 20:00 UTC on the 14th is already the 15th there", () => {
    const lateOn14th = new Date('2026-08-14T20:00:00Z');
    expect(ageFromDmy('15-08-1985', lateOn14th)).toBe(41);
    expect(isFutureDmy('15-08-2026', lateOn14th)).toBe(false);
    expect(isFutureDmy('16-08-2026', lateOn14th)).toBe(true);
    expect(indiaToday(lateOn14th)).toBe('15-08-2026');
    expect(ageFromDmy('15-08-1985', new Date('2026-08-14T18:00:00Z'))).toBe(40);
  });
  it('refuses impossible dates and other formats', () => {
    expect(parseDmy('31-04-2001')).toBeNull();
    expect(parseDmy('2001-04-30')).toBeNull();
    expect(ageFromDmy('')).toBeNull();
  });
  it('normalises ISO dates to day-month-year', () => {
    expect(toDmy('1985-08-15')).toBe('15-08-1985');
    expect(toDmy('15-08-1985')).toBe('15-08-1985');
  });
});
