import { describe, expect, it } from 'vitest';
import { AUTHORITY_MSG } from '../../contracts/authority';
import { actorFor, appMay, stepRefusal } from './app-authority';

const officer = { role: 'INITIATING_OFFICER' as const, userId: 7, visitor: false };
const reviewer = { role: 'REVIEW' as const, userId: 9, visitor: false };
const visitor = { role: null, userId: -1, visitor: true };

describe('the phone reads the authority table', () => {
  it.each<[string, Parameters<typeof stepRefusal>, string | null]>([
    ['the owner in a draft', ['kyc.submit', officer, { owner_user_id: 7, status: 'DRAFT', stages: [] }], null],
    ['an application made on this phone, not answered yet', ['kyc.submit', officer, { status: 'DRAFT' }], null],
    ['nothing known yet: the server decides', ['kyc.submit', officer, undefined], null],
    [
      'another officer',
      ['kyc.submit', officer, { owner_user_id: 8, status: 'DRAFT' }],
      'Your role cannot change this step of the application.',
    ],
    [
      'the owner once the first stage is in: no more bank account',
      ['bank_account.submit', officer, { owner_user_id: 7, stages: ['BANK_ACCOUNT'] }],
      AUTHORITY_MSG.notNow,
    ],
    ['sanctioned', ['bank_account.update', reviewer, { status: 'PD2_COMPLETE', sanctioned: true }], AUTHORITY_MSG.sanctioned],
    [
      'rejected',
      ['family.write', officer, { owner_user_id: 7, approval_checks: { decision: 'REJECTED' } }],
      'This application was rejected: it can no longer change.',
    ],
    [
      'the officer at the CPV',
      ['cpv.visit', officer, { owner_user_id: 7, stages: ['BANK_ACCOUNT'] }],
      'Your role cannot change this step of the application.',
    ],
    ['a visitor on its own application', ['references.submit', visitor, { status: 'DRAFT', stages: ['BORROWER_BASIC_INFO'] }], null],
    [
      'the review role edits while it reviews',
      ['business.update', reviewer, { status: 'CREDIT_APPROVED', stages: ['BANK_ACCOUNT'] }],
      null,
    ],
  ])('%s', (_n, args, expected) => expect(stepRefusal(...args)).toBe(expected));

  it('actorFor and appMay', () => {
    expect(actorFor('INITIATING_OFFICER', { owner_user_id: 7 }, 7)).toBe('OWNER');
    expect(actorFor('INITIATING_OFFICER', { owner_user_id: 8 }, 7)).toBe('OFFICER');
    expect(appMay('deviation.decide', 'REVIEW', { status: 'DRAFT', stages: ['BANK_ACCOUNT'] })).toBe(true);
    expect(appMay('deviation.decide', 'VERIFICATION', { status: 'DRAFT' })).toBe(false);
  });
});
