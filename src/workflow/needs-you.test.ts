import { describe, expect, it } from 'vitest';
import { GATE_MSG } from '../../contracts/sanction-gate';
import type { OutboxOp } from '../db/types';
import { deviationItems } from './deviation-items';
import { DAY_MS, fixIsHere, MOBILE_UNVERIFIED_TEXT, type NeedsYouInput, needsYou, needsYouCount, REJECTED_TEXT } from './needs-you';
import { deviationAckKey } from './needs-you-deviations';

const CO = { id: 'c1', type: 'CO_BORROWER', status: 'APPROVED', approval_checks: { decision: 'APPROVED' }, current: true };
const NOW = Date.parse('2026-11-24T10:00:00Z');
const ID = 'a'.repeat(32);
const base = { name: 'Mohan Lal', phone: '9123456789', is_phone_verified: true, stages: ['BORROWER_INFO'] };
const mismatch = {
  type: 'BORROWER_NAME_MISMATCH_DEVIATION' as const,
  info: {
    is_match: false,
    score: 0.2,
    values: [
      { value: 'SURESH SHARMA', source: 'PAN' as const },
      { value: 'Mohan Lal', source: 'INPUT' as const },
    ],
  },
  status: 'PENDING' as const,
};
// Whose names and what was compared, as every name-mismatch item says it.
const COMPARED = 'Borrower name mismatch (Mohan Lal): PAN "SURESH SHARMA" · typed "Mohan Lal"';
const RAISED = { user_id: 1, role: 'INITIATING_OFFICER', at: '2026-11-24T09:00:00Z' };
const op = (o: Partial<OutboxOp>): OutboxOp => ({
  id: 'op1',
  appId: ID,
  kind: 'application.borrower',
  api: 'main',
  method: 'PUT',
  path: `/v1/app/mfi/${ID}`,
  idempotencyKey: 'k',
  dependsOn: [],
  state: 'queued',
  attempts: 0,
  nextAttemptAt: NOW,
  createdAt: NOW,
  updatedAt: NOW,
  ...o,
});
const input = (data: object, o: Partial<NeedsYouInput> = {}): NeedsYouInput => ({
  apps: [{ id: ID, data: { ...base, ...data } }],
  ops: [],
  acks: {},
  draftAppIds: new Set(),
  now: NOW,
  ...o,
});
const ackFor = (data: { deviations: (typeof mismatch)[] }) => ({ [deviationAckKey(ID, deviationItems({ ...base, ...data })[0]!)]: NOW });
const kinds = (i: NeedsYouInput) => needsYou(i).map((x) => [x.kind, x.what, x.fix.label, x.waiting]);

describe('needs you: one rule each', () => {
  it.each([
    ['nothing wrong, nothing listed', input({}), []],
    [
      'a refused PAN check names the value and the server message, and opens the borrower form',
      input({ verification_failures: { pan: { value: 'ZZZZZ9999Z', message: 'INVALID PAN' } } }),
      [['check-failed', 'PAN ZZZZZ9999Z: INVALID PAN', 'Correct the PAN', false]],
    ],
    [
      'a refused voter id check',
      input({ verification_failures: { voter_id: { value: 'FAIL000000', message: 'Voter ID verification failed' } } }),
      [['check-failed', 'Voter ID FAIL000000: Voter ID verification failed', 'Correct the voter ID', false]],
    ],
    [
      'a refused bank check opens the bank account step',
      input({ verification_failures: { account_number: { value: '999999999', message: 'Bank verification failed.' } } }),
      [['check-failed', 'Bank account 999999999: Bank verification failed.', 'Correct the bank account', false]],
    ],
    [
      'a failed check queued again is the correction on its way: not listed',
      input({ verification_failures: { pan: { value: 'ZZZZZ9999Z', message: 'INVALID PAN' } } }, { ops: [op({ kind: 'verify.pan' })] }),
      [],
    ],
    [
      'a name mismatch the server found asks the officer (spec banner text)',
      input({ deviations: [mismatch] }),
      [['name-mismatch', `${COMPARED}. Name mismatch detected. Please review or continue with deviation.`, 'Correct the names', false]],
    ],
    [
      'a mismatch continued with is pending, waiting for the review role, not counted',
      input({ deviations: [mismatch] }, { acks: ackFor({ deviations: [mismatch] }) }),
      [['deviation-pending', `${COMPARED}: deviation pending. Waiting for the review role`, 'Correct the names', true]],
    ],
    [
      'an acknowledgement of other names does not cover a new mismatch',
      input({ deviations: [{ ...mismatch, info: { ...mismatch.info, score: 0.1 } }] }, { acks: ackFor({ deviations: [mismatch] }) }),
      [['name-mismatch', `${COMPARED}. Name mismatch detected. Please review or continue with deviation.`, 'Correct the names', false]],
    ],
    [
      'a rejected deviation says so with the remarks',
      input({ deviations: [{ ...mismatch, status: 'REJECTED', decision_remarks: 'not the same person' }] }),
      [['deviation-rejected', `${COMPARED}: deviation rejected (not the same person). Correct the names.`, 'Correct the names', false]],
    ],
    ['an approved deviation is done', input({ deviations: [{ ...mismatch, status: 'APPROVED' }] }), []],
    [
      'a bureau rejection opens the reasons',
      input({ approval_checks: { decision: 'REJECTED', reasons: ['OVERDUE_AMOUNT_PRESENT'] } }),
      [['bureau-rejected', REJECTED_TEXT, 'See the reasons', false]],
    ],
    [
      'a refused step names it and the server message',
      input(
        {},
        {
          ops: [
            op({
              state: 'needs-attention',
              label: 'Borrower details: Mohan Lal',
              lastError: { status: 409, message: 'Verify PAN, voter id and mobile number before submitting' },
            }),
          ],
        },
      ),
      [
        [
          'step-refused',
          'Borrower details: Mohan Lal was refused: Verify PAN, voter id and mobile number before submitting',
          'Open the step',
          false,
        ],
      ],
    ],
    ["an op parked behind another is the other one's item", input({}, { ops: [op({ state: 'needs-attention', blockedBy: 'x' })] }), []],
    [
      'unsent work older than a day',
      input({}, { ops: [op({ label: 'Shop Photo', createdAt: NOW - DAY_MS - 1 })] }),
      [['unsent-old', 'Shop Photo: Not sent for more than a day: connect to a network and sync', 'Open Sync', false]],
    ],
    ["unsent work of today is not the officer's to fix", input({}, { ops: [op({ createdAt: NOW - DAY_MS + 1000 })] }), []],
    [
      "a step waiting behind the borrower's mobile OTP is not asked to sync",
      input({}, { ops: [op({ createdAt: NOW - DAY_MS - 1, dependsOn: ['gate:borrower:a1'] })] }),
      [],
    ],
    [
      'an application started here waits visibly for its mobile OTP',
      input({ is_phone_verified: false, stages: [] }, { draftAppIds: new Set([ID]) }),
      [['mobile-unverified', MOBILE_UNVERIFIED_TEXT, 'Verify the mobile number', false]],
    ],
    ['one not being worked on here is not flagged', input({ is_phone_verified: false, stages: [] }), []],
    // The sanction gate's party blockers, in the server's words, each with the tap on the co-applicants screen.
    [
      'an unsecured loan whose guarantor the bureau rejected: replace the guarantor',
      input({
        loan_type: 'UNSECURED_BUSINESS_LOAN',
        stages: ['BORROWER_INFO', 'BUSINESS_INFO', 'BANK_ACCOUNT'],
        co_parties: [
          CO,
          { ...CO, id: 'g1', type: 'GUARANTOR', name: 'Mohan Lal', status: 'REJECTED', approval_checks: { decision: 'REJECTED' } },
        ],
      }),
      [['party-blocked', GATE_MSG.partyRejected('The guarantor Mohan Lal'), 'Replace the guarantor', false]],
    ],
    [
      'a rejected co-borrower before the business step: correct them',
      input({ co_parties: [{ ...CO, status: 'REJECTED' }] }),
      [['party-blocked', GATE_MSG.partyRejected('The co-borrower'), 'Replace or correct them', false]],
    ],
    [
      'a missing co-borrower once past the co-applicants',
      input({ stages: ['BORROWER_INFO', 'BUSINESS_INFO'], co_parties: [] }),
      [['party-blocked', GATE_MSG.coBorrowerMissing, 'Add the co-borrower', false]],
    ],
    ['a missing co-borrower before the co-applicants step is not flagged yet', input({ co_parties: [] }), []],
    ['parties in order: nothing listed', input({ stages: ['BORROWER_INFO', 'BUSINESS_INFO', 'BANK_ACCOUNT'], co_parties: [CO] }), []],
  ])('%s', (_name, given, expected) => {
    expect(kinds(given)).toEqual(expected);
  });

  it('names whose application it is and counts only what the officer must act on', () => {
    const items = needsYou(
      input({ deviations: [mismatch], verification_failures: { pan: { value: 'ZZZZZ9999Z', message: 'INVALID PAN' } } }),
    );
    expect(items.map((i) => i.who)).toEqual(['Mohan Lal · +91 9123456789', 'Mohan Lal · +91 9123456789']);
    expect(needsYouCount(items)).toBe(2);
    const acked = needsYou(input({ deviations: [mismatch] }, { acks: ackFor({ deviations: [mismatch] }) }));
    expect(needsYouCount(acked)).toBe(0);
  });
});

describe('a fix shown on its own screen focuses its field instead of linking there', () => {
  const pan = { label: 'Correct the PAN', to: 'mobile', appId: ID, field: 'pan' } as const;
  it.each([
    ['the borrower form of this application', pan, '/application/mobile', ID, true],
    ['the borrower form of another application', pan, '/application/mobile', 'b'.repeat(32), false],
    ['another screen of this application', pan, '/application/kyc', ID, false],
    ['the home', pan, '/', undefined, false],
    [
      'a fix with no field, on its screen (the officer is there)',
      { label: 'Open the step', to: 'mobile', appId: ID },
      '/application/mobile',
      ID,
      true,
    ],
    ['the sync centre', { label: 'Open Sync', to: '/sync', field: 'x' }, '/sync', undefined, false],
  ] as const)('%s: %s', (_n, fix, path, appId, expected) => {
    expect(fixIsHere(fix, path, appId)).toBe(expected);
  });

  it("a bank account holder mismatch is corrected on the bank screen, the borrower's on the borrower form", () => {
    const bank = { ...mismatch, type: 'BANK_NAME_MISMATCH_DEVIATION' as const };
    const items = needsYou(input({ deviations: [mismatch], bank_account: { deviations: [bank] } }));
    expect(items.map((i) => [i.fix.to, i.fix.field])).toEqual([
      ['mobile', 'name'],
      ['bank-account-details', 'account_holder_name'],
    ]);
  });

  it('every fix on the borrower form names the field it corrects', () => {
    const data = { is_phone_verified: false, stages: [], verification_failures: { pan: { value: 'ZZZZZ9999Z', message: 'INVALID PAN' } } };
    const items = needsYou(input(data, { draftAppIds: new Set([ID]) }));
    expect(
      items
        .filter((i) => i.fix.to === 'mobile')
        .map((i) => i.fix.field)
        .sort(),
    ).toEqual(['pan', 'phone']);
  });
});

describe('needs you: whose names, requested once, a fix that can be made, each role its own', () => {
  it('two mismatches say whose names and what differs', () => {
    const bank = {
      type: 'BANK_NAME_MISMATCH_DEVIATION' as const,
      info: {
        is_match: false,
        values: [
          { value: 'M LAL', source: 'BANK_ACCOUNT' as const },
          { value: 'MOHAN LAL', source: 'AADHAAR' as const },
        ],
      },
      status: 'PENDING' as const,
    };
    const whats = needsYou(input({ deviations: [mismatch], bank_account: { deviations: [bank] } })).map((i) => i.what);
    expect(whats).toEqual([
      `${COMPARED}. Name mismatch detected. Please review or continue with deviation.`,
      'Bank account holder name mismatch (Bank account): bank\'s answer "M LAL" · Aadhaar "MOHAN LAL". Name mismatch detected. Please review or continue with deviation.',
    ]);
  });

  it('a deviation the server recorded (after Continue with Deviation) waits; it is not asked again', () => {
    expect(kinds(input({ deviations: [{ ...mismatch, raised_by: RAISED }] }))).toEqual([
      ['deviation-pending', `${COMPARED}: deviation pending. Waiting for the review role`, 'Correct the names', true],
    ]);
  });

  it("after the hand-over the names are the review role's to correct: the fix says so instead of opening a locked form", () => {
    const handedOver = { stages: ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'BUSINESS_INFO', 'BANK_ACCOUNT'] };
    const [item] = needsYou(input({ ...handedOver, deviations: [{ ...mismatch, status: 'REJECTED' }] }));
    expect(item?.fix).toEqual({ label: 'Only the review role can correct the names now', to: 'deviations', appId: ID });
  });

  it("the review and verification roles never get the officer's items or actions", () => {
    const data = { deviations: [mismatch], verification_failures: { pan: { value: 'ZZZZZ9999Z', message: 'INVALID PAN' } } };
    expect(kinds(input(data, { role: 'REVIEW' }))).toEqual([
      ['deviation-pending', `${COMPARED}: deviation pending. Yours to decide.`, 'Review deviations', false],
    ]);
    expect(kinds(input(data, { role: 'VERIFICATION' }))).toEqual([
      ['deviation-pending', `${COMPARED}: deviation pending. Waiting for the review role`, 'See deviations', true],
    ]);
  });
});
