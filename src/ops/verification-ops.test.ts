import { describe, expect, it } from 'vitest';
import type { OutboxOp } from '../db/types';
import {
  type AppVerificationData,
  type Check,
  checkPasses,
  checkState,
  nameFromAnswer,
  pendingCheckOps,
  refusalMessage,
  checkAnnouncement,
} from './verification-ops';

const op = (kind: string, body: Record<string, unknown>, state: OutboxOp['state'], lastError?: OutboxOp['lastError']): OutboxOp => ({
  id: `${kind}-${state}-${JSON.stringify(body)}`,
  appId: 'a1',
  kind,
  api: 'verification',
  method: 'POST',
  path: '/x',
  body,
  idempotencyKey: 'k',
  dependsOn: [],
  state,
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 0,
  updatedAt: 0,
  lastError,
});

const verified: AppVerificationData = { verifications: { pan: { value: 'ABCDE1234F', name: 'RAMESH KUMAR' } } };
const refused: AppVerificationData = { verification_failures: { pan: { value: 'ZZZZZ9999Z', message: 'INVALID PAN' } } };

describe('what a PAN / voter id field shows', () => {
  it.each([
    ['nothing typed', '', verified, [], { state: 'none' }],
    ['verified by the server for this value', 'abcde1234f', verified, [], { state: 'verified', name: 'RAMESH KUMAR' }],
    ['verified for another value is not this one', 'PQRSX5678K', verified, [], { state: 'none' }],
    ['queued check', 'PQRSX5678K', {}, [op('verify.pan', { pan: 'PQRSX5678K' }, 'queued')], { state: 'pending' }],
    ['check being sent', 'PQRSX5678K', {}, [op('verify.pan', { pan: 'PQRSX5678K' }, 'sending')], { state: 'pending' }],
    ['queued check of another value', 'PQRSX5678K', {}, [op('verify.pan', { pan: 'ABCDE1234F' }, 'queued')], { state: 'none' }],
    [
      'check parked by the sync engine',
      'PQRSX5678K',
      {},
      [op('verify.pan', { pan: 'PQRSX5678K' }, 'needs-attention', { status: 0, message: 'The file is gone' })],
      { state: 'failed', message: 'The file is gone' },
    ],
    ['refused by the server', 'ZZZZZ9999Z', refused, [], { state: 'failed', message: 'INVALID PAN' }],
    [
      'a done op does not count as pending',
      'ZZZZZ9999Z',
      refused,
      [op('verify.pan', { pan: 'ZZZZZ9999Z' }, 'done')],
      { state: 'failed', message: 'INVALID PAN' },
    ],
  ] as const)('%s', (_n, value, data, ops, expected) => {
    expect(checkState('pan', value, data as AppVerificationData, ops as unknown as OutboxOp[])).toEqual(expected);
  });

  it('voter id checks are kept apart from PAN checks', () => {
    const ops = [op('verify.pan', { pan: 'ABC1234567' }, 'queued')];
    expect(checkState('voter_id', 'ABC1234567', {}, ops)).toEqual({ state: 'none' });
    expect(checkState('voter_id', 'ABC1234567', {}, [op('verify.voter_id', { voter_id: 'ABC1234567' }, 'queued')])).toEqual({
      state: 'pending',
    });
  });
});

describe('which checks let a submit go on', () => {
  it.each([
    [{ state: 'verified', name: 'RAMESH KUMAR' }, true],
    [{ state: 'pending' }, true],
    [{ state: 'none' }, false],
    [{ state: 'failed', message: 'INVALID PAN' }, false],
  ] as const)('%o passes: %s', (check, expected) => {
    expect(checkPasses(check as Check)).toBe(expected);
  });
});

describe('answers of the verification API (REQ-VER-2, REQ-VER-3)', () => {
  it.each([
    // Both readings of REQ-VER-2: the invalid PAN's 400 reads 'PAN verification failed,INVALID PAN!', another 400 its message.
    ['pan', { statusCode: 400, message: 'INVALID PAN' }, 'PAN verification failed,INVALID PAN!'],
    ['pan', { statusCode: 400, message: 'String must contain at least 10 character(s)' }, 'String must contain at least 10 character(s)'],
    ['pan', { statusCode: 422, message: 'whatever' }, 'PAN verification failed'],
    ['pan', {}, 'PAN verification failed'],
    ['voter_id', { statusCode: 422, message: 'Voter ID not found' }, 'Voter ID verification failed'],
  ] as const)('%s refusal %j → %s', (field, answer, message) => expect(refusalMessage(field, answer)).toBe(message));

  it('says the answer of a check asked for online: PAN verified successfully, or the refusal', () => {
    const done = (result: unknown) => ({ state: 'done' as const, body: { pan: 'ABCDE1234F' }, result });
    expect(checkAnnouncement('pan', done({ success: true, statusCode: 200, data: { name_pan_card: 'RAMESH KUMAR' } }))).toEqual({
      kind: 'success',
      text: 'PAN verified successfully',
      id: 'check-ok:pan:ABCDE1234F',
    });
    expect(checkAnnouncement('pan', done({ success: false, statusCode: 400, message: 'INVALID PAN' }))).toMatchObject({
      kind: 'error',
      text: 'PAN verification failed,INVALID PAN!',
    });
    expect(checkAnnouncement('pan', { state: 'queued', body: { pan: 'ABCDE1234F' } })).toBeNull();
  });

  it('reads the name only from a successful answer', () => {
    expect(nameFromAnswer('pan', { success: true, statusCode: 200, data: { name_pan_card: 'RAMESH KUMAR' } })).toBe('RAMESH KUMAR');
    expect(nameFromAnswer('voter_id', { success: true, statusCode: 200, data: { result: { name: 'SUNITA DEVI' } } })).toBe('SUNITA DEVI');
    expect(nameFromAnswer('pan', { success: false, statusCode: 400, message: 'INVALID PAN' })).toBeNull();
    expect(nameFromAnswer('pan', { success: true, statusCode: 200, data: { name_pan_card: '' } })).toBeNull();
  });

  it('the borrower submit waits only for unanswered checks of its own application', () => {
    const ops = [
      op('verify.pan', { pan: 'A' }, 'queued'),
      op('verify.voter_id', { voter_id: 'B' }, 'done'),
      op('application.update', {}, 'queued'),
      { ...op('verify.pan', { pan: 'C' }, 'queued'), appId: 'other' },
    ];
    expect(pendingCheckOps(ops, 'a1')).toEqual([ops[0]!.id]);
  });
});

describe('values verified earlier for the same application', () => {
  it("a co-applicant PAN verified after the borrower's still reads as verified, and the borrower's too", () => {
    const data: AppVerificationData = {
      verifications: { pan: { value: 'PQRSX5678K', name: 'SURESH SHARMA' } },
      verified_pans: { ABCDE1234F: 'RAMESH KUMAR', PQRSX5678K: 'SURESH SHARMA' },
    };
    expect(checkState('pan', 'ABCDE1234F', data, [])).toEqual({ state: 'verified', name: 'RAMESH KUMAR' });
    expect(checkState('pan', 'PQRSX5678K', data, [])).toEqual({ state: 'verified', name: 'SURESH SHARMA' });
    expect(checkState('voter_id', 'ABCDE1234F', data, [])).toEqual({ state: 'none' });
  });
});
