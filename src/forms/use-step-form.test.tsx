import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OutboxOp } from '../db/types';
import type { UserDb } from '../db/user-db';
import { toast } from '../lib/toast';
import { SAVED_OFFLINE, submitStep } from '../ops/settle-step';
import { firstErrorOf } from './use-step-form';
import { RESTORED_NOTE, StepNotes } from './step-notes';

describe('the shared step-form parts', () => {
  it('the first error is the first field with a message, with the count', () => {
    expect(firstErrorOf({ a: undefined, b: { type: 'x', message: 'PAN is required' }, c: { type: 'y', message: 'later' } })).toBe(
      'PAN is required (1 of 2 to fix)',
    );
    expect(firstErrorOf({ b: { type: 'x', message: 'PAN is required' } })).toBe('PAN is required');
    expect(firstErrorOf({})).toBeUndefined();
  });

  it('the notes say a restored draft and the first error, and nothing else', () => {
    const { rerender, container } = render(<StepNotes draft={{ restored: false }} />);
    expect(container.textContent).toBe('');
    rerender(<StepNotes draft={{ restored: true }} error="Enter a valid mobile number" />);
    expect(screen.getByText(RESTORED_NOTE)).toBeTruthy();
    expect(screen.getByText('Enter a valid mobile number')).toBeTruthy();
  });

  it('a submit queued offline goes on at once and says so', async () => {
    const navigate = vi.fn(async () => undefined);
    const said = vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    const op = { id: 'op1', state: 'queued' } as OutboxOp;
    expect(await submitStep({} as UserDb, false, async () => op, { appId: 'a1', navigate, next: '/application/kyc' })).toBe(true);
    expect(said).toHaveBeenCalledWith(SAVED_OFFLINE);
    expect(navigate).toHaveBeenCalledWith({ to: '/application/kyc', search: { id: 'a1' } });
    said.mockRestore();
  });

  it('a submit that cannot be queued says why and stays on the form', async () => {
    const navigate = vi.fn(async () => undefined);
    const said = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    const full = async (): Promise<OutboxOp> => {
      throw new Error('The phone is out of storage.');
    };
    expect(await submitStep({} as UserDb, true, full, { appId: 'a1', navigate, next: '/application/kyc' })).toBe(false);
    expect(said).toHaveBeenCalledWith('The phone is out of storage.');
    expect(navigate).not.toHaveBeenCalled();
    said.mockRestore();
  });
});
