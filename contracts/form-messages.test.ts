// Every message a form can show is plain words naming its field: never a schema library's default text,
// never the generic 'Required' / 'String must contain…' / 'Number must be…' of REQ-VAL-4.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BorrowerStartForm } from './application-start';
import { LoginMobileForm, LoginOtpForm } from './auth';
import { BankAccountInfo } from './bank-account';
import { BorrowerInfo } from './borrower';
import { BusinessInfo } from './business';
import { CoApplicantInfo } from './co-applicant';
import { CpvEntry, CpvInfo } from './cpv';
import { EmploymentInfo } from './employment';
import { FamilyMemberInfo } from './family-member';
import { KycInfo } from './kyc';
import { disbursementDateIssue } from './loan-offer';
import { PartnerRequest } from './partner';
import { Reference } from './references';

const FORMS: [string, v.GenericSchema][] = [
  ['login mobile', LoginMobileForm],
  ['login OTP', LoginOtpForm],
  ['new application', BorrowerStartForm],
  ['borrower', BorrowerInfo],
  ['KYC', KycInfo],
  ['co-applicant', CoApplicantInfo],
  ['family member', FamilyMemberInfo],
  ['business', BusinessInfo],
  ['bank account', BankAccountInfo],
  ['employment', EmploymentInfo],
  ['visit', CpvEntry],
  ['reference', Reference],
  ['partner', PartnerRequest],
];

/** Valibot's own texts ('Invalid type: Expected …', 'Invalid length: …') and the generic REQ-VAL-4 ones. */
const NOT_PLAIN = /^(Invalid (type|length|key|format|value|email|option):|String must|Number must|Required$|Invalid input$)/;

/** Keys that hold lists or records the form fills itself (statements, deviations, consent), not typed text. */
const NOT_TYPED = /^(consent|deviations|bank_statement\d?)$/;

/** What an untouched form holds: every typed field empty (text ''; a number input reads '' too). */
function messagesOf(schema: v.GenericSchema, keys: string[]) {
  const empty = Object.fromEntries(keys.map((k) => [k, NOT_TYPED.test(k) ? undefined : '']));
  return v.safeParse(schema, empty, { abortEarly: false }).issues?.map((i) => i.message) ?? [];
}
const keysOf = (schema: v.GenericSchema): string[] => {
  const s = schema as { entries?: object; pipe?: { entries?: object }[] };
  return Object.keys(s.entries ?? s.pipe?.[0]?.entries ?? {});
};

describe('form messages are plain words', () => {
  it.each(FORMS)('%s: no default or generic text for an empty form', (_name, schema) => {
    const messages = messagesOf(schema, keysOf(schema));
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.filter((m) => NOT_PLAIN.test(m))).toEqual([]);
  });
});

describe('plausibility rules (docs/decisions.md)', () => {
  const business = CpvEntry;
  const residence = CpvEntry;
  const visit = (type: string, figures: Record<string, unknown>) => ({
    phone: '9876543210',
    verification_type: type,
    qr_code_upload: 'qr1',
    ...figures,
  });
  const allBusiness = {
    monthly_sales: '50000',
    inventory_purchase: '0',
    debtor_days: '0',
    inventory_days: '0',
    days_payable: '0',
    rent: '0',
    salary: '0',
    electricity_and_fuel: '0',
    machinery_repairs: '0',
    transportation_and_petrol: '0',
    admin_operating_expenses: '0',
    gross_margin_percentage: '20',
    online_sales_percentage: '0',
    others: '0',
  };
  const allHousehold = {
    house_rent: '0',
    house_electricity_and_water: '0',
    food_expenses: '5000',
    education_expenses: '0',
    medical_expenses: '0',
    insurance_premiums: '0',
    house_others: '0',
  };

  it.each<[string, v.GenericSchema, Record<string, unknown>, string | null]>([
    ['every business figure given (0 is said)', business, visit('BUSINESS_PLACE_VERIFICATION', allBusiness), null],
    [
      'an empty figure is not zero',
      business,
      visit('BUSINESS_PLACE_VERIFICATION', { ...allBusiness, rent: '' }),
      'Please enter Rent (0 if none)',
    ],
    [
      'gross margin above 100 %',
      business,
      visit('BUSINESS_PLACE_VERIFICATION', { ...allBusiness, gross_margin_percentage: '250' }),
      'Gross Margin Percentage must be between 0 and 100',
    ],
    [
      'online sales above 100 %',
      business,
      visit('BUSINESS_PLACE_VERIFICATION', { ...allBusiness, online_sales_percentage: '101' }),
      'Online Sales Percentage must be between 0 and 100',
    ],
    [
      'a negative figure',
      business,
      visit('BUSINESS_PLACE_VERIFICATION', { ...allBusiness, salary: '-1' }),
      'Salary must be a non-negative number',
    ],
    ['the residence visit asks household figures only', residence, visit('RESIDENCE_VERIFICATION', allHousehold), null],
    [
      'an empty household figure',
      residence,
      visit('RESIDENCE_VERIFICATION', { ...allHousehold, food_expenses: '' }),
      'Please enter Food Expenses (0 if none)',
    ],
  ])('%s', (_n, schema, input, message) => {
    const r = v.safeParse(schema, input);
    expect(r.success ? null : r.issues[0].message).toBe(message);
  });

  it('the server still reads a left-out figure as 0, but not a margin above 100 %', () => {
    expect(v.safeParse(CpvInfo, visit('RESIDENCE_VERIFICATION', {})).success).toBe(true);
    expect(v.safeParse(CpvInfo, visit('BUSINESS_PLACE_VERIFICATION', { gross_margin_percentage: 250 })).issues?.[0].message).toBe(
      'Gross Margin Percentage must be between 0 and 100',
    );
  });

  it.each([
    ['today (in India) is fine', '24-11-2026', null],
    ['later is fine', '01-01-2027', null],
    ['yesterday is in the past', '23-11-2026', 'Disbursement date cannot be in the past'],
    ['years ago', '10-12-2019', 'Disbursement date cannot be in the past'],
    ['not a date', '31-02-2027', 'Invalid disbursement date'],
  ])('disbursement date: %s', (_n, date, message) => {
    expect(disbursementDateIssue(date, new Date('2026-11-24T06:00:00Z'))).toBe(message);
  });
});

describe('partner registration', () => {
  const ok = {
    first_name: 'Ravi',
    last_name: "D'Souza",
    mobile: '9876543210',
    business_name: '',
    gst_number: '27aapfu0939f1zv',
    email: 'r@x.in',
    pincode: '411001',
    city: 'Pune',
    state: 'Maharashtra',
    address: '12 MG Road, Camp',
    bank_name: 'SBI',
    account_number: '123456789012',
    ifsc: 'SBIN0001234',
    pan: 'f1',
    aadhaar_front: 'f2',
    aadhaar_back: 'f3',
    cancelled_cheque: 'f4',
  };
  it.each<[string, Record<string, unknown>, string | null]>([
    ['a complete request (GST upper-cased)', {}, null],
    ['no GST number', { gst_number: '' }, null],
    ['GST "123"', { gst_number: '123' }, 'Invalid GST number'],
    ['last name "1234"', { last_name: '1234' }, 'Invalid last name'],
    ['first name with digits', { first_name: 'R4vi' }, 'Invalid first name'],
  ])('%s', (_n, over, message) => {
    const r = v.safeParse(PartnerRequest, { ...ok, ...over });
    expect(r.success ? null : r.issues[0].message).toBe(message);
  });
});
