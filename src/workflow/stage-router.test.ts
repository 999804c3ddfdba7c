import { describe, expect, it } from 'vitest';
import { routeForStages, type StageRoute } from './stage-router';

const go = (to: string) => ({ kind: 'go', to }) as StageRoute;
const none = { kind: 'none', message: 'No Incomplete Application Found' };
const cpv = { kind: 'message', message: 'Please fill Business CPV Info to proceed', link: 'cpv-info' };

// REQ-HOME-3, one row per table line (and the combinations that decide between rows).
const TABLE: [string, string[], unknown][] = [
  ['none', [], { kind: 'stay' }],
  ['only borrower info', ['BORROWER_INFO'], go('kyc')],
  ['basic info', ['BORROWER_INFO', 'BORROWER_BASIC_INFO'], go('co-applicants')],
  ['co-borrower', ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER'], go('co-applicants')],
  ['guarantor only', ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'GUARANTOR'], go('co-applicants')],
  ['with family member', ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER', 'FAMILY_MEMBER'], go('family-details')],
  [
    'business info present',
    ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER', 'FAMILY_MEMBER', 'BUSINESS_INFO'],
    go('bank-account-details'),
  ],
  ['bank account present', ['BORROWER_INFO', 'BUSINESS_INFO', 'BANK_ACCOUNT'], go('cpv-info')],
  ['business CPV done', ['BANK_ACCOUNT', 'CPV_BUSINESS_PLACE'], go('references')],
  ['both CPVs done', ['BANK_ACCOUNT', 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE'], go('references')],
  ['residence CPV without business CPV', ['BANK_ACCOUNT', 'CPV_RESIDENCE'], cpv],
  ['references done', ['BANK_ACCOUNT', 'CPV_BUSINESS_PLACE', 'REFERENCES'], none],
  ['unknown markers only', ['SOMETHING_ELSE'], none],
  ['order of markers does not matter', ['BUSINESS_INFO', 'BORROWER_INFO'], go('bank-account-details')],
];

describe('stage router (REQ-HOME-3)', () => {
  it.each(TABLE)('%s', (_name, stages, expected) => {
    expect(routeForStages(stages)).toEqual(expected);
  });
});
