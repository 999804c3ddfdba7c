import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { firstIssue } from './borrower';
import {
  CPV_MSG,
  CPV_NUMBER_FIELDS,
  CPV_REMARKS_KEY,
  CPV_SERVER_MSG,
  CpvInfo,
  cpvRoleIssue,
  isGeoTag,
  isUnapprovedDeviation,
  nonNegativeMessage,
} from './cpv';

const GEO = JSON.stringify({ latitude: 18.52, longitude: 73.85 });
const BUSINESS = {
  phone: '9876543210',
  verification_type: 'BUSINESS_PLACE_VERIFICATION',
  shop_photo_file: 'f1',
  shop_photo_file_geo_tag: GEO,
  qr_code_upload: 'f2',
  monthly_sales: '50000',
  rent: 5000,
  remaks: 'Shop seen',
};
const RESIDENCE = { phone: '9876543210', verification_type: 'RESIDENCE_VERIFICATION', house_rent: 3000 };

// REQ-CPV-1 CPV rules with their messages.
const RULES: [string, Record<string, unknown>, string][] = [
  ['phone pattern', { phone: '5876543210' }, 'Invalid mobile number'],
  ['phone missing', { phone: undefined }, 'Invalid mobile number'],
  ['verification type missing', { verification_type: undefined }, 'Invalid verification type'],
  ['verification type unknown', { verification_type: 'SHOP' }, 'Invalid verification type'],
  ['qr code for business place', { qr_code_upload: '' }, 'QR Code Upload is required for Business Place Verification'],
  ['qr code left out', { qr_code_upload: undefined }, 'QR Code Upload is required for Business Place Verification'],
  ['rent negative', { rent: -1 }, 'Rent must be a non-negative number'],
  ['rent text', { rent: 'abc' }, 'Rent must be a non-negative number'],
  ['monthly sales negative text', { monthly_sales: '-5' }, 'Monthly Sales must be a non-negative number'],
  ['house others negative', { house_others: -0.5 }, 'House Others must be a non-negative number'],
  ['geo tag not JSON', { shop_photo_file_geo_tag: 'here' }, CPV_SERVER_MSG.invalidGeoTag('Shop Photo')],
  ['geo tag without longitude', { house_selfie_photo_file_geo_tag: '{"latitude":1}' }, CPV_SERVER_MSG.invalidGeoTag('House Selfie Photo')],
  ['remarks too long', { remaks: 'x'.repeat(1001) }, CPV_SERVER_MSG.remarks],
];

describe('CPV rules (REQ-CPV-1)', () => {
  it('accepts a business place and a residence visit; numbers are coerced, left-out ones are 0', () => {
    const b = v.parse(CpvInfo, BUSINESS);
    expect(b.monthly_sales).toBe(50000);
    expect(b.rent).toBe(5000);
    expect(b.salary).toBe(0);
    expect(b[CPV_REMARKS_KEY]).toBe('Shop seen');
    const r = v.parse(CpvInfo, RESIDENCE);
    expect(r.house_rent).toBe(3000);
    expect(r.qr_code_upload).toBe('');
    expect(firstIssue(CpvInfo, { ...RESIDENCE, rent: '', salary: null })).toBeNull();
  });
  it.each(RULES)('%s', (_n, change, message) => expect(firstIssue(CpvInfo, { ...BUSINESS, ...change })).toBe(message));
  it('every numeric field names its own label', () => {
    for (const [k, label] of Object.entries(CPV_NUMBER_FIELDS)) {
      expect(firstIssue(CpvInfo, { ...BUSINESS, [k]: -1 })).toBe(nonNegativeMessage(label));
    }
  });
  it('geo tags: empty, or JSON with numeric latitude and longitude (0,0 without GPS)', () => {
    expect(isGeoTag('')).toBe(true);
    expect(isGeoTag('{"latitude":0,"longitude":0}')).toBe(true);
    expect(isGeoTag('{"latitude":"1","longitude":2}')).toBe(false);
    expect(isGeoTag('null')).toBe(false);
  });
  it('the review role needs the ACM selfie of the visit; other roles do not', () => {
    const b = v.parse(CpvInfo, BUSINESS);
    const r = v.parse(CpvInfo, RESIDENCE);
    expect(cpvRoleIssue(b, false)).toBeNull();
    expect(cpvRoleIssue(b, true)).toBe(CPV_MSG.shopSelfie);
    expect(cpvRoleIssue({ ...b, shop_selfie_photo_file: 'f9' }, true)).toBeNull();
    expect(cpvRoleIssue(r, true)).toBe('House selfie with ACM is required');
    expect(cpvRoleIssue({ ...r, house_selfie_photo_file: 'f9' }, true)).toBeNull();
  });
  it('a deviation blocks unless approved (a client-written is_match no longer clears it)', () => {
    expect(isUnapprovedDeviation({ status: 'PENDING', info: { is_match: false } })).toBe(true);
    expect(isUnapprovedDeviation({ status: 'REJECTED', info: { is_match: false } })).toBe(true);
    expect(isUnapprovedDeviation({ status: 'APPROVED', info: { is_match: false } })).toBe(false);
    expect(isUnapprovedDeviation({ status: 'PENDING', info: { is_match: true } })).toBe(true);
  });
});
