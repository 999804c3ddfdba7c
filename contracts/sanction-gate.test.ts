import { describe, expect, it } from 'vitest';
import { CONSENT_MSG } from './consent';
import {
  type BlockerCode,
  deviationWords,
  GATE_MSG,
  type GateInput,
  type GateStep,
  partyBlockers,
  sanctionBlockers,
} from './sanction-gate';

const ID = { pan: 'ABCDE1234F', voter_id: 'ABC1234567' };
const approved = (who: { pan: string; voter_id: string }) => ({ decision: 'APPROVED', decided_for: { ...who } });
const coBorrower = {
  id: 'c1',
  type: 'CO_BORROWER',
  status: 'APPROVED',
  name: 'Sunita Devi',
  pan: 'SUNTA7654D',
  voter_id: 'XYZ7654321',
  approval_checks: approved({ pan: 'SUNTA7654D', voter_id: 'XYZ7654321' }),
};
const guarantor = {
  id: 'g1',
  type: 'GUARANTOR',
  status: 'APPROVED',
  name: 'Amit Patel',
  pan: 'AAAAA1111A',
  voter_id: '',
  approval_checks: approved({ pan: 'AAAAA1111A', voter_id: '' }),
};

/** A loan with nothing in its way. */
const CLEAR: GateInput = {
  loan_type: 'MFI_BUSINESS_LOAN',
  borrower: {
    ...ID,
    name: 'Ramesh Kumar',
    approval_checks: approved(ID),
    deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'APPROVED' }],
  },
  bank_deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', status: 'APPROVED' }],
  co_applicants: [coBorrower],
  household_issue: null,
  references: 1,
  visits: { pd1_business: true, pd1_residence: true, pd2_business: true, pd2_residence: true },
  kfs_accepted: true,
};

const codes = (input: GateInput, step: GateStep) => sanctionBlockers(input, step).map((b) => b.code);

// Each blocker alone: [name, the change to CLEAR, the code, the steps that check it].
const ALL: GateStep[] = ['HAND_OVER', 'VISIT', 'PD1_APPROVE', 'ACCEPT'];
/** A pending deviation waits for the review role while the loan is handed over: the visits hold it, not the hand-over. */
const AFTER_HAND_OVER: GateStep[] = ['VISIT', 'PD1_APPROVE', 'ACCEPT'];
const TABLE: [string, Partial<GateInput>, BlockerCode, GateStep[]][] = [
  [
    'a pending borrower deviation',
    { borrower: { ...CLEAR.borrower, deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'PENDING' }] } },
    'DEVIATION_PENDING',
    AFTER_HAND_OVER,
  ],
  [
    'a deviation without a status',
    { borrower: { ...CLEAR.borrower, deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION' }] } },
    'DEVIATION_PENDING',
    AFTER_HAND_OVER,
  ],
  [
    'a rejected borrower deviation',
    { borrower: { ...CLEAR.borrower, deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION', status: 'REJECTED' }] } },
    'DEVIATION_REJECTED',
    ALL,
  ],
  [
    'a pending bank deviation (raised by the hand-over itself)',
    { bank_deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', status: 'PENDING' }] },
    'DEVIATION_PENDING',
    AFTER_HAND_OVER,
  ],
  [
    'a rejected co-applicant deviation',
    { co_applicants: [{ ...coBorrower, deviations: [{ type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION', status: 'REJECTED' }] }] },
    'DEVIATION_REJECTED',
    ALL,
  ],
  [
    'a pending deviation of a type added later',
    { bank_deviations: [{ type: 'PAYOUT_HOLDER_DEVIATION', status: 'PENDING' }] },
    'DEVIATION_PENDING',
    ['VISIT', 'PD1_APPROVE', 'ACCEPT'],
  ],
  [
    'a pending co-applicant deviation',
    { co_applicants: [{ ...coBorrower, deviations: [{ type: 'CO_BORROWER_NAME_MISMATCH_DEVIATION', status: 'PENDING' }] }] },
    'DEVIATION_PENDING',
    AFTER_HAND_OVER,
  ],
  [
    'the borrower rejected by the bureau',
    { borrower: { ...CLEAR.borrower, approval_checks: { decision: 'REJECTED', decided_for: ID } } },
    'BUREAU_NOT_APPROVED',
    ALL,
  ],
  ['no bureau decision', { borrower: { ...CLEAR.borrower, approval_checks: null } }, 'BUREAU_NOT_APPROVED', ALL],
  ['a decision for an earlier PAN', { borrower: { ...CLEAR.borrower, pan: 'BADCR1234D' } }, 'BUREAU_STALE', ALL],
  ['a decision for an earlier voter id', { borrower: { ...CLEAR.borrower, voter_id: 'XYZ7654321' } }, 'BUREAU_STALE', ALL],
  [
    'a decision that does not say for whom',
    { borrower: { ...CLEAR.borrower, approval_checks: { decision: 'APPROVED' } } },
    'BUREAU_STALE',
    ALL,
  ],
  ['MFI without a co-borrower', { co_applicants: [] }, 'CO_BORROWER_MISSING', ALL],
  ['unsecured without a guarantor', { loan_type: 'UNSECURED_BUSINESS_LOAN' }, 'GUARANTOR_MISSING', ALL],
  [
    'a rejected co-borrower',
    {
      co_applicants: [
        {
          ...coBorrower,
          status: 'REJECTED',
          approval_checks: { decision: 'REJECTED', decided_for: coBorrower.approval_checks.decided_for },
        },
      ],
    },
    'CO_APPLICANT_REJECTED',
    ALL,
  ],
  ['a co-applicant decided for an earlier PAN', { co_applicants: [{ ...coBorrower, pan: 'BADCR1234D' }] }, 'CO_APPLICANT_STALE', ALL],
  ['the household test fails', { household_issue: 'Household income is above ₹3,00,000 a year' }, 'HOUSEHOLD', ['ACCEPT']],
  ['no reference', { references: 0 }, 'REFERENCES_MISSING', ['ACCEPT']],
  [
    'a PD2 visit missing',
    { visits: { pd1_business: true, pd1_residence: true, pd2_business: true, pd2_residence: false } },
    'VISITS_MISSING',
    ['ACCEPT'],
  ],
  [
    'a PD1 visit missing',
    { visits: { pd1_business: false, pd1_residence: true, pd2_business: true, pd2_residence: true } },
    'VISITS_MISSING',
    ['ACCEPT'],
  ],
  ['no KFS accepted for this offer', { kfs_accepted: false }, 'KFS_NOT_ACCEPTED', ['ACCEPT']],
  ['the borrower withdrew consent', { consent_withdrawn: true }, 'CONSENT_WITHDRAWN', ALL],
  ['consent not withdrawn', { consent_withdrawn: false }, 'CONSENT_WITHDRAWN', []],
];

describe('sanctionBlockers', () => {
  it.each(ALL)('none at %s for a loan with nothing in its way', (step) => {
    expect(sanctionBlockers(CLEAR, step)).toEqual([]);
  });

  it('an unsecured loan with both parties approved has none', () => {
    expect(sanctionBlockers({ ...CLEAR, loan_type: 'UNSECURED_BUSINESS_LOAN', co_applicants: [coBorrower, guarantor] }, 'ACCEPT')).toEqual(
      [],
    );
  });

  it.each(TABLE)('%s → %s, at the steps that check it', (_name, change, code, steps) => {
    const input = { ...CLEAR, ...change };
    for (const step of ALL) expect(codes(input, step), step).toEqual(steps.includes(step) ? [code] : []);
  });

  it('a REPLACED co-applicant counts for nothing; its replacement does', () => {
    const old = { ...guarantor, id: 'g0', status: 'REPLACED', approval_checks: { decision: 'REJECTED' } };
    const unsecured = { ...CLEAR, loan_type: 'UNSECURED_BUSINESS_LOAN' };
    expect(codes({ ...unsecured, co_applicants: [coBorrower, old] }, 'HAND_OVER')).toEqual(['GUARANTOR_MISSING']);
    expect(codes({ ...unsecured, co_applicants: [coBorrower, old, guarantor] }, 'HAND_OVER')).toEqual([]);
  });

  it('an unsecured loan whose only guarantor is rejected: rejected, in words that say what to do', () => {
    const rejected = {
      ...guarantor,
      status: 'REJECTED',
      approval_checks: { decision: 'REJECTED', decided_for: guarantor.approval_checks.decided_for },
    };
    expect(partyBlockers('UNSECURED_BUSINESS_LOAN', [coBorrower, rejected])).toEqual([
      {
        code: 'CO_APPLICANT_REJECTED',
        message: 'The guarantor Amit Patel was rejected by the bureau: replace or correct them',
        subject: 'g1',
      },
    ]);
  });

  it('a withdrawn consent comes first, with the words the server refuses writes with', () => {
    const blockers = sanctionBlockers({ ...CLEAR, consent_withdrawn: true, kfs_accepted: false }, 'ACCEPT');
    expect(blockers).toEqual([
      { code: 'CONSENT_WITHDRAWN', message: GATE_MSG.consentWithdrawn },
      { code: 'KFS_NOT_ACCEPTED', message: GATE_MSG.kfsNotAccepted },
    ]);
    expect(GATE_MSG.consentWithdrawn).toBe(CONSENT_MSG.withdrawn);
  });

  it('every blocker at once, in a fixed order, each with a message', () => {
    const all = sanctionBlockers(
      {
        loan_type: 'UNSECURED_BUSINESS_LOAN',
        borrower: { ...ID, approval_checks: null, deviations: [{ type: 'BORROWER_NAME_MISMATCH_DEVIATION' }] },
        bank_deviations: [{ type: 'BANK_NAME_MISMATCH_DEVIATION', status: 'REJECTED' }],
        co_applicants: [],
        household_issue: 'No room in the household budget',
        references: 0,
      },
      'ACCEPT',
    );
    expect(all.map((b) => b.code)).toEqual([
      'DEVIATION_PENDING',
      'DEVIATION_REJECTED',
      'BUREAU_NOT_APPROVED',
      'CO_BORROWER_MISSING',
      'GUARANTOR_MISSING',
      'HOUSEHOLD',
      'REFERENCES_MISSING',
      'VISITS_MISSING',
      'KFS_NOT_ACCEPTED',
    ]);
    expect(all.every((b) => b.message.length > 10)).toBe(true);
    expect(all[1]!.message).toBe(GATE_MSG.deviationRejected('The bank name mismatch deviation'));
  });

  it('deviation types in words, any type', () => {
    expect(deviationWords('GUARANTOR_NAME_MISMATCH_DEVIATION')).toBe('The guarantor name mismatch deviation');
    expect(deviationWords('LOAN_AMOUNT_CHANGE_DEVIATION')).toBe('The loan amount change deviation');
  });
});
