import { describe, expect, it } from 'vitest';
import { emptyBorrower } from '../../forms/borrower-form-values';
import { borrowerRows } from './borrower-rows';

// A borrower as the server stores it once submitted: every field of the form filled.
const STORED = {
  ...emptyBorrower('9876543210', 'Ramesh Kumar'),
  aadhaar_last4: '4321',
  title: 'Mr.',
  alternate_phone: '9876500000',
  gender: 'MALE',
  marital_status: 'MARRIED',
  dob: '15-08-1985',
  age: 41,
  pan: 'ABCDE1234F',
  voter_id: 'ABC1234567',
  pincode: '411001',
  city: 'Pune',
  district: 'Pune',
  state: 'Maharashtra',
  address: '12 MG Road, Camp',
  address_type: 'RESIDENCE',
  address_ownership_type: 'FAMILY_OWNED',
  address_owned_by: 'Father',
  years_of_residence: 10,
  house_type: 'PAKKA',
  email: 'ramesh@example.com',
  amount_requested: 100000,
  tenure_requested: 18,
  emi_requested: 6000,
  purpose: 'RENOVATION_OF_PREMISES',
};

describe('a submitted borrower read back', () => {
  it('shows every field the application stores, with its label, Aadhaar by its last 4 digits', () => {
    const rows = Object.fromEntries(borrowerRows(STORED));
    expect(Object.keys(rows)).toHaveLength(27);
    expect(rows).toMatchObject({
      'Mobile number': '+91 9876543210',
      Aadhaar: 'XXXX XXXX 4321',
      Gender: 'Male',
      'Address ownership': 'Family Owned',
      'Owned by': 'Father',
      'House type': 'Pakka',
      'Loan type': 'MFI Business Loan',
      Purpose: 'Renovation of premises',
      'Years here': 10,
    });
  });
  it('leaves out what was never filled', () => {
    expect(borrowerRows({ phone: '9876543210', name: 'Ramesh Kumar' })).toEqual([
      ['Mobile number', '+91 9876543210'],
      ['Full name', 'Ramesh Kumar'],
    ]);
  });
});
