import { describe, expect, it } from 'vitest';
import type { ProductRole } from '../../contracts/roles';
import { AFTER_REFERENCES, afterCpv, nextVisit, type OfferState, offerControls } from './stage-two-rules';

describe('after a CPV submit (REQ-CPV-4)', () => {
  it.each<[ProductRole | null, { is_pd1_complete?: boolean; is_pd2_complete?: boolean }, string]>([
    ['REVIEW', { is_pd2_complete: true }, '/application/references'],
    ['VERIFICATION', { is_pd2_complete: true, is_pd1_complete: true }, '/application/references'],
    ['INITIATING_OFFICER', { is_pd1_complete: true }, '/application/references'],
    ['VERIFICATION', { is_pd1_complete: true }, '/application/references'],
    ['REVIEW', { is_pd1_complete: true }, '/application/success'],
    ['VERIFICATION', {}, '/application/success'],
    ['INITIATING_OFFICER', {}, '/application/success'],
    [null, { is_pd1_complete: true }, '/application/success'],
  ])('%s with %j → %s', (role, p, to) => expect(afterCpv(role, p)).toBe(to));

  it('after references: success/loan-offers', () => expect(AFTER_REFERENCES).toBe('/application/success/loan-offers'));
});

describe("the visit 'Continue your process' leads to after a CPV success", () => {
  const B = 'BUSINESS_PLACE_VERIFICATION';
  const R = 'RESIDENCE_VERIFICATION';
  it.each<[ProductRole | null, Parameters<typeof nextVisit>[1], Array<'business' | 'residence'>, string | null]>([
    ['VERIFICATION', { status: 'DRAFT' }, [], B],
    ['VERIFICATION', { status: 'DRAFT', cpv_business: {} }, [], R],
    ['VERIFICATION', { status: 'DRAFT' }, ['business'], R],
    ['VERIFICATION', { status: 'DRAFT', cpv_residence: {} }, [], B],
    ['VERIFICATION', { status: 'DRAFT' }, ['business', 'residence'], null],
    ['VERIFICATION', { status: 'PD1_REVIEW', cpv_business: {}, cpv_residence: {} }, [], null],
    // PD2: the review role's own visits count, not the verification role's.
    ['REVIEW', { status: 'CREDIT_APPROVED', cpv_business: {}, cpv_residence: {} }, [], B],
    ['REVIEW', { status: 'CREDIT_APPROVED', cpv_business: {}, cpv_residence: {}, pd2_cpv: ['business'] }, [], R],
    ['REVIEW', { status: 'CREDIT_APPROVED', pd2_cpv: ['business'] }, ['residence'], null],
    ['REVIEW', { status: 'DRAFT', cpv_business: {} }, [], R],
  ])('%s with %j and queued %j → %s', (role, app, queued, to) => expect(nextVisit(role, app, queued)).toBe(to));
});

describe('loan offer controls (REQ-OFFER-3)', () => {
  it.each<[ProductRole | null, OfferState, { readOnly: boolean; canUpdate: boolean; primary: string }]>([
    ['REVIEW', { is_pd2_complete: true }, { readOnly: false, canUpdate: true, primary: 'Accept Offer' }],
    ['REVIEW', { is_pd2_complete: false }, { readOnly: false, canUpdate: true, primary: 'Finish Process' }],
    ['REVIEW', { is_pd2_complete: true, is_accepted: true }, { readOnly: true, canUpdate: false, primary: 'Finish Process' }],
    ['INITIATING_OFFICER', { is_pd2_complete: true }, { readOnly: true, canUpdate: false, primary: 'Finish Process' }],
    // The verification role sees the offer read-only (the server refuses its update and accept).
    ['VERIFICATION', { is_pd2_complete: true }, { readOnly: true, canUpdate: false, primary: 'Finish Process' }],
    ['REVIEW', { status: 'PD2_COMPLETE', sanctioned: true }, { readOnly: true, canUpdate: false, primary: 'Finish Process' }],
  ])('%s with %j', (role, o, expected) => expect(offerControls(role, o)).toEqual(expected));
});
