import { describe, expect, it } from 'vitest';
import { firstIssue } from './borrower';
import { REFERENCE_MSG, ReferencesBody } from './references';

const PERSONAL = { type: 'PERSONAL_REFERENCE', name: 'Vijay Pawar', phone: '9876512345', address: '45 FC Road, Pune' };
const BUSINESS = {
  type: 'BUSINESS_REFERENCE',
  name: 'Anita Shah',
  phone: '8876512345',
  address: '7 Laxmi Road, Pune',
  company_name: 'Shah Traders',
};
const one = (change: Record<string, unknown>) => ({ references: [{ ...PERSONAL, ...change }] });

// REQ-REF-1 rules with their messages.
const RULES: [string, unknown, string][] = [
  ['none', { references: [] }, 'At least one reference is required'],
  ['list missing', {}, 'At least one reference is required'],
  ['more than 3', { references: [PERSONAL, PERSONAL, BUSINESS, PERSONAL] }, REFERENCE_MSG.atMostThree],
  ['type missing', one({ type: undefined }), REFERENCE_MSG.type],
  ['type unknown', one({ type: 'FRIEND' }), REFERENCE_MSG.type],
  ['name empty', one({ name: ' ' }), 'Name is required'],
  ['name missing', one({ name: undefined }), 'Name is required'],
  ['phone short', one({ phone: '98765' }), REFERENCE_MSG.phoneRequired],
  ['phone pattern', one({ phone: '1234567890' }), 'Invalid mobile number'],
  ['address short', one({ address: 'Pune' }), 'Address is required'],
  ['company name on a personal reference', one({ company_name: 'X Ltd' }), REFERENCE_MSG.companyNameBusinessOnly],
];

describe('references rules (REQ-REF-1)', () => {
  it('accepts 1 to 3 references, a business one with its company name, an id kept', () => {
    expect(firstIssue(ReferencesBody, { references: [PERSONAL] })).toBeNull();
    expect(firstIssue(ReferencesBody, { references: [PERSONAL, BUSINESS, { ...BUSINESS, company_name: undefined, id: 'r1' }] })).toBeNull();
    expect(firstIssue(ReferencesBody, one({ company_name: '' }))).toBeNull();
  });
  it.each(RULES)('%s', (_n, body, message) => expect(firstIssue(ReferencesBody, body)).toBe(message));
});
