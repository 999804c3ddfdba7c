import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { firstIssue } from './borrower';
import { EmploymentInfo } from './employment';

const VALID = {
  company_name: 'Tata Motors',
  designation: 'Supervisor',
  official_email: 'r.kumar@tata.example',
  monthly_in_hand_salary: 25000,
  work_experience_years: 4,
  work_experience_months: 6,
  company_pincode: '411001',
  company_city: 'Pune',
  company_state: 'Maharashtra',
  company_address: 'Plot 5, MIDC Pimpri',
  company_address_type: 'OWNED',
  company_id_card: 'f0',
  salary_slip1: 'f1',
  salary_slip2: 'f2',
  salary_slip3: 'f3',
  company_website_link: 'https://tata.example',
  company_sector: 'Manufacturing',
};
const MINIMAL = { company_pincode: '411001', company_address_type: 'RENTED', salary_slip1: 'f1', salary_slip2: 'f2', salary_slip3: 'f3' };

// REQ-EMP-1 employment rules with their messages.
const RULES: [string, Record<string, unknown>, string][] = [
  ['pincode pattern', { company_pincode: '011001' }, 'Invalid pincode'],
  ['pincode missing', { company_pincode: undefined }, 'Invalid pincode'],
  ['address type required', { company_address_type: '' }, 'Please select company address type'],
  ['address type missing', { company_address_type: undefined }, 'Please select company address type'],
  ['salary slip 1', { salary_slip1: '' }, 'Missing salary slip 1'],
  ['salary slip 2', { salary_slip2: undefined }, 'Missing salary slip 2'],
  ['salary slip 3', { salary_slip3: ' ' }, 'Missing salary slip 3'],
  ['optional email must be valid', { official_email: 'r.kumar@' }, 'Invalid email'],
  ['negative salary', { monthly_in_hand_salary: -1 }, 'Invalid input'],
  ['salary not a number', { monthly_in_hand_salary: '25k' }, 'Invalid input'],
];

describe('employment rules (REQ-EMP-1)', () => {
  it('accepts a complete and a minimal employment (the rest is optional)', () => {
    expect(firstIssue(EmploymentInfo, VALID)).toBeNull();
    expect(firstIssue(EmploymentInfo, MINIMAL)).toBeNull();
  });
  it.each(RULES)('%s', (_n, change, message) => expect(firstIssue(EmploymentInfo, { ...VALID, ...change })).toBe(message));

  it('amounts as digits or blank become numbers or null; left-out optional text becomes empty', () => {
    const out = v.parse(EmploymentInfo, { ...MINIMAL, monthly_in_hand_salary: '25000', work_experience_years: '' });
    expect(out).toMatchObject({
      monthly_in_hand_salary: 25000,
      work_experience_years: null,
      work_experience_months: null,
      company_name: '',
      company_id_card: '',
    });
  });
});
