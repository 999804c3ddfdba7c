import { describe, expect, it } from 'vitest';
import { type Action, actorOf, appStateOf, mayDo } from '../../contracts/authority';
import type { ProductRole } from '../../contracts/roles';
import { type ListApp, listAction, rowOpensApplication, rowTakesOffline } from './list-actions';

const BANK = ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'BUSINESS_INFO', 'BANK_ACCOUNT'];
const shop = { shop_selfie_photo_file: 'f1' };
const house = { house_selfie_photo_file: 'f2' };
const PENDING_DEV = { type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'PENDING', info: { is_match: false } } as const;

const CO = { id: 'c1', type: 'CO_BORROWER', status: 'APPROVED', approval_checks: { decision: 'APPROVED' }, current: true };
const G = { ...CO, id: 'g1', type: 'GUARANTOR' };
const REJECTED_G = { ...G, status: 'REJECTED', approval_checks: { decision: 'REJECTED' } };

// REQ-LIST-2 list actions, one row per rule, plus the fall-through for each role.
const TABLE: [string, ProductRole | null, ListApp, string][] = [
  ['verification: DRAFT with BANK_ACCOUNT', 'VERIFICATION', { status: 'DRAFT', stages: BANK }, 'link:Complete PD1'],
  ['verification: PD1_REVIEW', 'VERIFICATION', { status: 'PD1_REVIEW', stages: BANK }, 'link:PD1 Review'],
  [
    'verification: handed over, the residence visited, no shop selfie',
    'VERIFICATION',
    { status: 'DRAFT', stages: BANK, cpv_residence: house },
    'link:Complete Business Verification',
  ],
  [
    'verification: handed over, the business place visited, no house selfie',
    'VERIFICATION',
    { status: 'DRAFT', stages: BANK, cpv_business: shop },
    'link:Complete Residence Verification',
  ],
  [
    'verification: handed over, both visits in',
    'VERIFICATION',
    { status: 'DRAFT', stages: BANK, cpv_business: shop, cpv_residence: house },
    'link:Complete PD1',
  ],
  // the visit links show only where the server takes a visit (after the first stage, not rejected).
  ['verification: DRAFT, no shop selfie, first stage not in', 'VERIFICATION', { status: 'DRAFT', stages: [] }, 'text:DRAFT'],
  [
    'verification: DRAFT, shop selfie, no house selfie, first stage not in',
    'VERIFICATION',
    { status: 'DRAFT', stages: [], cpv_business: shop },
    'text:DRAFT',
  ],
  [
    'verification: bureau-rejected with BANK_ACCOUNT',
    'VERIFICATION',
    { status: 'DRAFT', stages: BANK, approval_checks: { decision: 'REJECTED' } },
    'text:REJECTED',
  ],
  [
    'verification: a pending deviation holds the visits',
    'VERIFICATION',
    { status: 'DRAFT', stages: BANK, deviations: [PENDING_DEV] },
    'text:DEVIATION PENDING',
  ],
  [
    'review: a pending deviation to decide',
    'REVIEW',
    { status: 'DRAFT', stages: BANK, deviations: [PENDING_DEV] },
    'link:Review deviations',
  ],
  [
    'review: a decided deviation is no action',
    'REVIEW',
    { status: 'DRAFT', stages: BANK, deviations: [{ ...PENDING_DEV, status: 'APPROVED' }] },
    'text:DRAFT',
  ],
  [
    "verification: a co-applicant's pending deviation holds the visits too",
    'VERIFICATION',
    { status: 'DRAFT', stages: BANK, co_deviations_pending: 1 },
    'text:DEVIATION PENDING',
  ],
  [
    'review: a pending bank deviation',
    'REVIEW',
    { status: 'PD2_COMPLETE', is_pd2_complete: true, bank_account: { deviations: [PENDING_DEV] } },
    'link:Review deviations',
  ],
  [
    'initiating: rejected',
    'INITIATING_OFFICER',
    { status: 'DRAFT', stages: ['BORROWER_INFO'], approval_checks: { decision: 'REJECTED' } },
    'text:REJECTED',
  ],
  [
    'verification: DRAFT with both selfies',
    'VERIFICATION',
    { status: 'DRAFT', stages: [], cpv_business: shop, cpv_residence: house },
    'text:DRAFT',
  ],
  ['verification: CREDIT_APPROVED', 'VERIFICATION', { status: 'CREDIT_APPROVED', is_pd1_complete: true }, 'text:CREDIT APPROVED'],
  [
    'initiating: DRAFT with BANK_ACCOUNT, PD1 and PD2 incomplete',
    'INITIATING_OFFICER',
    { status: 'DRAFT', stages: BANK },
    'text:PD1 INCOMPLETE',
  ],
  [
    'initiating: DRAFT, PD1 and PD2 incomplete',
    'INITIATING_OFFICER',
    { status: 'DRAFT', stages: ['BORROWER_INFO'] },
    'link:Complete Application',
  ],
  ['initiating: DRAFT with PD1 complete', 'INITIATING_OFFICER', { status: 'DRAFT', stages: BANK, is_pd1_complete: true }, 'text:DRAFT'],
  ['initiating: PD1_REVIEW', 'INITIATING_OFFICER', { status: 'PD1_REVIEW' }, 'text:PD1 REVIEW'],
  ['review: CREDIT_APPROVED with PD1 complete', 'REVIEW', { status: 'CREDIT_APPROVED', is_pd1_complete: true }, 'link:Complete PD2'],
  ['review: CREDIT_APPROVED without PD1', 'REVIEW', { status: 'CREDIT_APPROVED' }, 'text:CREDIT APPROVED'],
  ['review: PD2_COMPLETE, not sanctioned', 'REVIEW', { status: 'PD2_COMPLETE', is_pd2_complete: true }, 'link:Loan Offer'],
  ['review: PD2_COMPLETE, sanctioned', 'REVIEW', { status: 'PD2_COMPLETE', is_pd2_complete: true, sanctioned: true }, 'text:PD2 COMPLETE'],
  ['review: DRAFT', 'REVIEW', { status: 'DRAFT', stages: BANK }, 'text:DRAFT'],
  ['no role', null, { status: 'PD2_COMPLETE' }, 'text:PD2 COMPLETE'],
  // The sanction gate: a required party missing or rejected holds the visits and the offer (the server refuses them).
  [
    'verification: unsecured, the guarantor rejected, handed over',
    'VERIFICATION',
    { status: 'DRAFT', stages: BANK, loan_type: 'UNSECURED_BUSINESS_LOAN', co_parties: [CO, REJECTED_G] },
    'text:CO-APPLICANT REJECTED',
  ],
  [
    'verification: unsecured, both parties approved',
    'VERIFICATION',
    { status: 'DRAFT', stages: BANK, loan_type: 'UNSECURED_BUSINESS_LOAN', co_parties: [CO, G] },
    'link:Complete PD1',
  ],
  [
    'verification: MFI without a co-borrower',
    'VERIFICATION',
    { status: 'DRAFT', stages: BANK, loan_type: 'MFI_BUSINESS_LOAN', co_parties: [] },
    'text:CO-APPLICANT MISSING',
  ],
  [
    'review: PD2 done, the co-borrower rejected since',
    'REVIEW',
    { status: 'PD2_COMPLETE', is_pd2_complete: true, co_parties: [{ ...CO, status: 'REJECTED' }] },
    'text:CO-APPLICANT REJECTED',
  ],
  [
    'review: CREDIT_APPROVED, a decision for an earlier PAN',
    'REVIEW',
    { status: 'CREDIT_APPROVED', is_pd1_complete: true, co_parties: [{ ...CO, current: false }] },
    'text:CO-APPLICANT REJECTED',
  ],
];

describe('applications list actions (REQ-LIST-2)', () => {
  it.each(TABLE)('%s', (_n, role, app, expected) => {
    const a = listAction(role, app);
    expect(`${a.kind}:${a.label}`).toBe(expected);
  });
  it('links carry where they go', () => {
    expect(listAction('VERIFICATION', { status: 'DRAFT', stages: BANK })).toEqual({
      kind: 'link',
      label: 'Complete PD1',
      to: '/application/cpv-info',
      search: undefined,
    });
    expect(listAction('REVIEW', { status: 'PD2_COMPLETE', is_pd2_complete: true })).toMatchObject({ to: '/application/loan-offer' });
  });
  it('only the initiating officer opens an application from its row', () => {
    expect(rowOpensApplication('INITIATING_OFFICER')).toBe(true);
    expect(rowOpensApplication('REVIEW')).toBe(false);
    expect(rowOpensApplication('VERIFICATION')).toBe(false);
  });
  it.each([
    ['VERIFICATION', true],
    ['REVIEW', true],
    ['INITIATING_OFFICER', false],
    [null, false],
  ] as const)('%s takes applications offline: %s', (role, yes) => {
    expect(rowTakesOffline(role)).toBe(yes);
  });
});

// Every link a row offers leads to something the server takes (contracts/authority.ts), whatever the role
// and the application's state; a rejected application, or one whose borrower form never went in, offers no visit.
describe('list actions against the authority table', () => {
  const ACTION_OF: Record<string, Action> = {
    '/application/cpv-info': 'cpv.visit',
    '/application/personal-discussion': 'pd1.review',
    '/application/loan-offer': 'loan_offer.update',
    '/application/complete-application': 'borrower.submit',
    '/application/deviations': 'deviation.decide',
  };
  const REJECTED = { decision: 'REJECTED' } as const;
  const APPS: [string, ListApp][] = [
    ['new, borrower form never submitted', { status: 'DRAFT', stages: [] }],
    ['borrower form in', { status: 'DRAFT', stages: ['BORROWER_INFO'] }],
    ['borrower form never submitted, no selfies', { status: 'DRAFT', stages: ['BUSINESS_INFO'] }],
    ['first stage in', { status: 'DRAFT', stages: BANK }],
    ['first stage in, business visit done', { status: 'DRAFT', stages: BANK, cpv_business: shop }],
    ['bureau-rejected at KYC', { status: 'DRAFT', stages: ['BORROWER_INFO'], approval_checks: REJECTED }],
    ['bureau-rejected after the first stage', { status: 'DRAFT', stages: BANK, approval_checks: REJECTED }],
    ['rejected in PD1 review', { status: 'PD1_REVIEW', stages: BANK, approval_checks: REJECTED }],
    ['pending deviation', { status: 'DRAFT', stages: BANK, deviations: [PENDING_DEV] }],
    ['PD1 review', { status: 'PD1_REVIEW', stages: BANK }],
    ['credit approved', { status: 'CREDIT_APPROVED', stages: BANK, is_pd1_complete: true }],
    ['PD2 complete', { status: 'PD2_COMPLETE', stages: BANK, is_pd1_complete: true, is_pd2_complete: true }],
    ['sanctioned', { status: 'PD2_COMPLETE', stages: BANK, is_pd1_complete: true, is_pd2_complete: true, sanctioned: true }],
  ];
  const ROLES: (ProductRole | null)[] = ['INITIATING_OFFICER', 'VERIFICATION', 'REVIEW', null];
  const cases = ROLES.flatMap((role) => APPS.map(([name, app]) => [role, name, app] as const));

  it.each(cases)('%s, %s: a link only where the table allows what it leads to', (role, _name, app) => {
    const a = listAction(role, app);
    if (a.kind === 'text') return;
    const action = ACTION_OF[a.to];
    expect(action, `no table action for ${a.to}`).toBeDefined();
    expect(mayDo(action!, role === 'INITIATING_OFFICER' ? 'OWNER' : actorOf({ isOwner: false, role }), appStateOf(app))).toBe(true);
  });
  it.each(cases.filter(([, , app]) => appStateOf(app) === 'REJECTED'))('%s, %s: rejected, so no action at all', (role, _n, app) => {
    expect(listAction(role, app)).toEqual({ kind: 'text', label: 'REJECTED' });
  });
  it.each(ROLES)('%s: no visit before the first stage is in', (role) => {
    for (const [, app] of APPS.filter(([, x]) => !(x.stages ?? []).includes('BANK_ACCOUNT'))) {
      const a = listAction(role, app);
      expect(a.kind === 'link' ? a.to : '').not.toBe('/application/cpv-info');
    }
  });
  it('the initiating officer is never offered Complete Application on a rejected application', () => {
    expect(listAction('INITIATING_OFFICER', { status: 'DRAFT', stages: ['BORROWER_INFO'], approval_checks: REJECTED }).label).toBe(
      'REJECTED',
    );
  });
});
