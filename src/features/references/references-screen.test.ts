import { describe, expect, it } from 'vitest';
import { cleanReferences, firstReferenceError } from './references-screen';

describe('references form', () => {
  it('shows the list message first, then the first field of the first reference that has one', () => {
    expect(firstReferenceError({ message: 'At least one reference is required' })).toBe('At least one reference is required');
    expect(firstReferenceError({ 1: { name: { message: 'Name is required' } }, 0: { address: { message: 'Address is required' } } })).toBe(
      'Address is required',
    );
    expect(firstReferenceError({ 0: { phone: { message: 'Invalid mobile number' }, name: { message: 'Name is required' } } })).toBe(
      'Name is required',
    );
    expect(firstReferenceError(undefined)).toBeUndefined();
  });
  it('sends a company name with business references only', () => {
    expect(
      cleanReferences([
        { type: 'PERSONAL_REFERENCE', name: 'A', phone: '9876543210', address: '12 MG Road', company_name: 'typed then switched' },
        { type: 'BUSINESS_REFERENCE', name: 'B', phone: '9876543211', address: '14 MG Road', company_name: 'Pune Traders' },
      ]),
    ).toEqual([
      { type: 'PERSONAL_REFERENCE', name: 'A', phone: '9876543210', address: '12 MG Road' },
      { type: 'BUSINESS_REFERENCE', name: 'B', phone: '9876543211', address: '14 MG Road', company_name: 'Pune Traders' },
    ]);
  });
});
