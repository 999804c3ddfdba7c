import { describe, expect, it, vi } from 'vitest';
import { markOpDone, markOpRetry } from '../db/outbox';
import type { OutboxOp } from '../db/types';
import { deleteUserDb, openUserDb } from '../db/user-db';
import { isBusy } from '../lib/busy-store';
import { toast } from '../lib/toast';
import { queueOp } from '../sync/enqueue';
import { AFTER_MOBILE_TEXT } from '../sync/op-text';
import { awaitAnswer, SAVED_OFFLINE, settleStep } from './settle-step';

const op = (state: OutboxOp['state'], message?: string) =>
  ({ state, lastError: message ? { status: 409, message } : undefined }) as OutboxOp;
const base = {
  appId: 'a1',
  next: '/application/kyc' as const,
  done: 'Form submitted successfully!',
  failed: 'Failed to submit form. Please try again.',
};

describe('after a step is queued', () => {
  it.each([
    ['answered', op('done'), 'success', 'Form submitted successfully!', '/application/kyc', true],
    ['still queued (offline)', op('queued'), 'success', SAVED_OFFLINE, '/application/kyc', true],
    [
      "queued behind the borrower's mobile OTP",
      { ...op('queued'), dependsOn: ['gate:borrower:a1'] } as OutboxOp,
      'success',
      AFTER_MOBILE_TEXT,
      '/application/kyc',
      true,
    ],
    ['refused', op('needs-attention', 'Submit the KYC details first'), 'error', 'Submit the KYC details first', null, false],
    ['refused without a message', op('needs-attention'), 'error', 'Failed to submit form. Please try again.', null, false],
    [
      'the application is rejected',
      op('needs-attention', 'Application Rejected!'),
      'error',
      'Application Rejected!',
      '/application/rejection',
      false,
    ],
    [
      'the approval checks reject it',
      {
        ...op('needs-attention', 'Rejected: OVERDUE_AMOUNT_PRESENT'),
        result: { data: { approval_checks: { decision: 'REJECTED' } } },
      } as OutboxOp,
      'error',
      'Application Rejected!',
      '/application/rejection',
      false,
    ],
  ] as const)('%s', async (_n, answered, kind, text, to, went) => {
    const navigate = vi.fn(async () => undefined);
    const said = vi.spyOn(toast, kind).mockImplementation(() => 'id');
    expect(await settleStep(answered, { ...base, navigate })).toBe(went);
    expect(said).toHaveBeenCalledWith(text);
    if (to) expect(navigate).toHaveBeenCalledWith({ to, search: { id: 'a1' } });
    else expect(navigate).not.toHaveBeenCalled();
    said.mockRestore();
  });

  it('after a send the server failed (said by awaitAnswer): goes on, with no claim of success', async () => {
    const navigate = vi.fn(async () => undefined);
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    const failed = { state: 'queued', attempts: 1, lastError: { status: 500, message: 'Database unavailable' } } as OutboxOp;
    expect(await settleStep(failed, { ...base, navigate })).toBe(true);
    expect(success).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith({ to: '/application/kyc', search: { id: 'a1' } });
    success.mockRestore();
  });

  it('maps a refusal the step knows better', async () => {
    const said = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    await settleStep(op('needs-attention', 'account_type: Invalid enum value'), {
      ...base,
      navigate: async () => undefined,
      failureText: () => 'Invalid account type. Please select a valid account type',
    });
    expect(said).toHaveBeenCalledWith('Invalid account type. Please select a valid account type');
    said.mockRestore();
  });
});

describe('waiting for the answer (REQ-UI-1: the loading overlay)', () => {
  it('blocks the screen while online until the answer is in; never offline', async () => {
    const user = `busy-${Math.random().toString(36).slice(2)}`;
    const db = openUserDb('sahayog', user);
    const appId = 'a'.repeat(32);
    const queued = await queueOp(db, {
      appId,
      kind: 'application.update',
      method: 'PATCH',
      path: `/v1/app/mfi/${appId}`,
      body: { purpose: 'stock' },
    });

    expect(await awaitAnswer(db, queued, false)).toBe(queued);
    expect(isBusy()).toBe(false);
    // Queued behind the borrower's mobile OTP: nothing can answer it yet, so nothing waits for it either.
    const gated = { ...queued, dependsOn: ['gate:borrower:x'] };
    expect(await awaitAnswer(db, gated, true, 10_000)).toBe(gated);
    expect(isBusy()).toBe(false);

    const waiting = awaitAnswer(db, queued, true, 10_000);
    expect(isBusy()).toBe(true);
    await markOpDone(db, queued.id, { success: true }, Date.now());
    expect((await waiting)?.state).toBe('done');
    expect(isBusy()).toBe(false);
    db.close();
    await deleteUserDb('sahayog', user);
  });

  it('a send the server failed (500) ends the wait at once with its message, not after the whole wait', async () => {
    const user = `failed-${Math.random().toString(36).slice(2)}`;
    const db = openUserDb('sahayog', user);
    const appId = 'b'.repeat(32);
    const queued = await queueOp(db, { appId, kind: 'application.update', method: 'PATCH', path: `/v1/app/mfi/${appId}`, body: {} });
    const said = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    const started = Date.now();
    const waiting = awaitAnswer(db, queued, true, 10_000);
    await markOpRetry(db, queued.id, Date.now() + 60_000, { status: 500, message: 'Database unavailable' }, Date.now());
    const answered = await waiting;
    expect(answered).toMatchObject({ state: 'queued', lastError: { status: 500, message: 'Database unavailable' } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(said).toHaveBeenCalledWith('Database unavailable');
    said.mockRestore();
    db.close();
    await deleteUserDb('sahayog', user);
  });
});
