import { describe, expect, it } from 'vitest';
import { GATE_MSG } from '../../contracts/sanction-gate';
import { acceptBlockers, handOverBlockers, pd1Blockers, visitBlockers } from './hand-over-gate';

const ID = { pan: 'ABCDE1234F', voter_id: 'ABC1234567' };
const APP = {
  status: 'DRAFT',
  stages: ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'BUSINESS_INFO'],
  loan_type: 'MFI_BUSINESS_LOAN',
  ...ID,
  approval_checks: { decision: 'APPROVED', decided_for: ID },
};
const CO = {
  id: 'c1',
  type: 'CO_BORROWER',
  status: 'APPROVED',
  pan: 'SUNTA7654D',
  voter_id: 'XYZ7654321',
  approval_checks: { decision: 'APPROVED', decided_for: { pan: 'SUNTA7654D', voter_id: 'XYZ7654321' } },
};
const messages = (...a: Parameters<typeof handOverBlockers>) => handOverBlockers(...a).map((b) => b.message);

describe('the hand-over gate on the phone', () => {
  it.each([
    ['nothing in the way', APP, [CO], []],
    [
      'a pending borrower deviation waits for the review role after the hand-over',
      { ...APP, deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'PENDING' }] },
      [CO],
      [],
    ],
    [
      'a rejected borrower deviation',
      { ...APP, deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'REJECTED' }] },
      [CO],
      [GATE_MSG.deviationRejected('The borrower name mismatch deviation')],
    ],
    [
      'a rejected co-borrower',
      APP,
      [{ ...CO, name: 'Sunita Devi', status: 'REJECTED' }],
      [GATE_MSG.partyRejected('The co-borrower Sunita Devi')],
    ],
    ['no co-borrower', APP, [], null],
    ['a co-borrower save still queued counts as present', APP, [{ id: 'q', type: 'CO_BORROWER', status: 'QUEUED' }], []],
    [
      'unsecured: the guarantor is missing (from the list summary)',
      { ...APP, loan_type: 'UNSECURED_BUSINESS_LOAN', co_parties: [{ ...CO, current: true }] },
      [],
      [GATE_MSG.guarantorMissing],
    ],
    [
      'past the hand-over: nothing to say',
      { ...APP, stages: [...APP.stages, 'BANK_ACCOUNT'], deviations: [{ type: 'X_DEVIATION' }] },
      [],
      [],
    ],
    ['a bureau decision for another PAN', { ...APP, pan: 'BADCR1234D' }, [CO], [GATE_MSG.bureauStale]],
  ] as const)('%s', (_n, app, records, expected) => {
    // No record of the parties at all: the phone does not guess about them.
    expect(messages(app, records)).toEqual(expected ?? []);
  });
});

describe('a draft before its KYC decision', () => {
  it('says nothing of the bureau: the earlier steps are what is missing', () => {
    expect(handOverBlockers({ status: 'DRAFT', stages: ['BORROWER_INFO'] }, [])).toEqual([]);
  });
});

describe('the accept gate on the phone', () => {
  const READY = {
    ...APP,
    status: 'PD2_COMPLETE',
    reference: [{ id: 'r1' }],
    pd1_visits: { business: {}, residence: {} },
    pd2_cpv: ['business', 'residence'],
  };
  it('a loan with nothing in its way: nothing held', () => {
    expect(acceptBlockers(READY, [CO])).toEqual([]);
  });
  it('a pending bank deviation and a guarantor-name deviation hold the accept', () => {
    const g = { ...CO, id: 'g1', type: 'GUARANTOR', deviations: [{ type: 'GUARANTOR_NAME_MISMATCH_DEVIATION', status: 'PENDING' }] };
    const app = { ...READY, bank_account: { deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', status: 'PENDING' }] } };
    expect(acceptBlockers(app, [CO, g]).map((b) => b.message)).toEqual([
      GATE_MSG.deviationPending('The guarantor name mismatch deviation'),
      GATE_MSG.deviationPending('The bank name mismatch deviation'),
    ]);
  });
  it('references and visits are for the server to judge (another phone may have added them)', () => {
    expect(acceptBlockers({ ...READY, reference: [], pd2_cpv: [] }, [CO])).toEqual([]);
  });
  it('a list summary knows too little to say', () => {
    expect(acceptBlockers({ partial: true, status: 'PD2_COMPLETE' }, [])).toEqual([]);
  });
});

describe('the visit gate on the phone', () => {
  const HANDED = { ...APP, stages: [...APP.stages, 'BANK_ACCOUNT'] };
  it('an unsecured loan whose guarantor the bureau rejected: the visit is held, in the server words', () => {
    const g = { ...CO, id: 'g1', type: 'GUARANTOR', name: 'Mohan Lal', status: 'REJECTED', approval_checks: { decision: 'REJECTED' } };
    expect(visitBlockers({ ...HANDED, loan_type: 'UNSECURED_BUSINESS_LOAN' }, [CO, g]).map((b) => b.message)).toEqual([
      GATE_MSG.partyRejected('The guarantor Mohan Lal'),
    ]);
  });
  it('deviations are the visit screen own list; nothing else in the way: nothing held', () => {
    expect(visitBlockers({ ...HANDED, deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION' }] }, [CO])).toEqual([]);
  });
});

describe('the PD1 approval gate on the phone', () => {
  const REVIEWING = { ...APP, status: 'PD1_REVIEW', stages: [...APP.stages, 'BANK_ACCOUNT', 'CPV_BUSINESS_PLACE', 'CPV_RESIDENCE'] };
  it('a guarantor-name deviation added during the review holds the approval', () => {
    const g = { ...CO, id: 'g1', type: 'GUARANTOR', deviations: [{ type: 'GUARANTOR_NAME_MISMATCH_DEVIATION', status: 'PENDING' }] };
    expect(pd1Blockers(REVIEWING, [CO, g]).map((b) => b.code)).toEqual(['DEVIATION_PENDING']);
    expect(pd1Blockers(REVIEWING, [CO])).toEqual([]);
  });
});
