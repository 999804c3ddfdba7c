import { describe, expect, it } from 'vitest';
import { CPV_REMARKS_KEY } from '../../../contracts/cpv';
import type { Deviation } from '../../../contracts/deviations';
import { storedVisit, unapproved, visitDefaults, wholeOnPhone } from './visit-values';

const stored = {
  verification_type: 'BUSINESS_PLACE_VERIFICATION',
  phone: '9876543210',
  monthly_sales: 90000,
  rent: 6000,
  salary: 0,
  [CPV_REMARKS_KEY]: 'Shop stocked',
  shop_photo_file: 'f-shop',
  shop_selfie_photo_file: 'f-selfie',
  shop_photo_pd2_file: '',
  qr_code_upload: 'f-qr',
};

describe('a stored CPV visit as the form starts (REQ-CPV-3 existing values)', () => {
  it.each<[string, ReadonlySet<string>, boolean, Record<string, unknown>]>([
    [
      'numbers as typed, remarks, stored file ids when nothing is on the phone',
      new Set(),
      false,
      {
        monthly_sales: '90000',
        rent: '6000',
        salary: '0',
        [CPV_REMARKS_KEY]: 'Shop stocked',
        shop_photo_file: 'f-shop',
        shop_selfie_photo_file: 'f-selfie',
        qr_code_upload: 'f-qr',
      },
    ],
    [
      'the copy on this phone when the application was taken offline',
      new Set(['srv:f-shop', 'srv:f-qr']),
      false,
      {
        monthly_sales: '90000',
        rent: '6000',
        salary: '0',
        [CPV_REMARKS_KEY]: 'Shop stocked',
        shop_photo_file: 'srv:f-shop',
        shop_selfie_photo_file: 'f-selfie',
        qr_code_upload: 'srv:f-qr',
      },
    ],
    [
      'never the selfie for the review role (it adds its own with the ACM)',
      new Set(),
      true,
      {
        monthly_sales: '90000',
        rent: '6000',
        salary: '0',
        [CPV_REMARKS_KEY]: 'Shop stocked',
        shop_photo_file: 'f-shop',
        qr_code_upload: 'f-qr',
      },
    ],
  ])('%s', (_name, held, review, expected) => expect(visitDefaults(stored, held, review)).toEqual(expected));

  it('nothing stored: nothing to fill', () => expect(visitDefaults(undefined, new Set(), false)).toEqual({}));
});

describe("the review role's PD2 visit never opens empty", () => {
  const pd1 = { verification_type: 'BUSINESS_PLACE_VERIFICATION', monthly_sales: 90000, shop_photo_file: 'f-shop' };
  it("starts from its own visit, never a copy of PD1's (PD1's figures are shown beside each field)", () => {
    const app = { status: 'CREDIT_APPROVED', pd1_visits: { business: pd1, residence: null } };
    expect(storedVisit(app, 'BUSINESS_PLACE_VERIFICATION')).toBeUndefined();
    const own = { ...pd1, monthly_sales: 95000 };
    expect(storedVisit({ cpv_business: own, pd1_visits: { business: pd1 } }, 'BUSINESS_PLACE_VERIFICATION')).toBe(own);
  });
  it('waits for the whole record: a list summary is not the visit to start from', () => {
    expect(wholeOnPhone({ partial: true })).toBe(false);
    expect(wholeOnPhone({ cpv_business: pd1 } as { partial?: unknown })).toBe(true);
  });
});

describe('deviations that block the visit', () => {
  const pending: Deviation = { type: 'BORROWER_NAME_MISMATCH_DEVIATION', info: { is_match: false }, status: 'PENDING' };
  const approved: Deviation = { ...pending, status: 'APPROVED' };
  const matched = { ...pending, info: { is_match: true } };
  it.each<[string, Parameters<typeof unapproved>[0], Parameters<typeof unapproved>[1], number]>([
    ['none', {}, [], 0],
    ['a pending borrower deviation', { deviations: [pending] }, [], 1],
    ['an approved one does not block', { deviations: [approved] }, [], 0],
    // Only a supervisor's approval clears one; a stored is_match (client-written before) does not.
    ['a stored is_match still blocks', { deviations: [matched] }, [], 1],
    ['the bank account and co-applicants count', { bank_account: { deviations: [pending] } }, [{ deviations: [pending] }], 2],
    ['a replaced co-applicant does not', {}, [{ status: 'REPLACED', deviations: [pending] }], 0],
  ])('%s', (_name, app, co, n) => expect(unapproved(app, co as never)).toHaveLength(n));
});
