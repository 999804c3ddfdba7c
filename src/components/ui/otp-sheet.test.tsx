// REQ-VER-4, Aadhaar OTP: a 400 shows the server's message; a 500 shows it and resets the dialog. Neither closes the
// sheet without a word, and each shows the error toast (REQ-API-3).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { type OtpOutcome, OtpSheet } from './otp-sheet';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const open = (send: () => Promise<OtpOutcome>, verify: (otp: string) => Promise<OtpOutcome>) => {
  const onClose = vi.fn();
  const said = vi.spyOn(toast, 'error').mockImplementation(() => undefined as never);
  render(<OtpSheet title="Verify Aadhaar" sentTo="the linked mobile" send={send} verify={verify} onClose={onClose} />);
  return { onClose, said };
};

describe('OTP sheet failures (table)', () => {
  it.each<[string, OtpOutcome, boolean]>([
    ['400 on verify', 'Invalid OTP entered', false],
    ['500 on verify', { message: 'Aadhaar service is unavailable', reset: true }, true],
  ])('%s: the message is shown and toasted; reset: %s', async (_, outcome, reset) => {
    const { onClose, said } = open(
      async () => null,
      async () => outcome,
    );
    await screen.findByText('Enter the OTP sent to the linked mobile');
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    const message = typeof outcome === 'object' && outcome ? outcome.message : String(outcome);
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(said).toHaveBeenCalledWith(message);
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('OTP') as HTMLInputElement).value).toBe('');
    // Reset: back to the start, a new OTP asked for at once; otherwise the countdown of the OTP sent goes on.
    expect(screen.queryByRole('button', { name: 'Resend OTP' }) !== null).toBe(reset);
    expect(screen.getByRole('button', { name: 'Verify OTP' }).hasAttribute('disabled')).toBe(reset);
  });

  it('500 on send: the message, the sheet open, Resend OTP asks again', async () => {
    let calls = 0;
    const { onClose } = open(
      async () => (++calls === 1 ? { message: 'Aadhaar service is unavailable', reset: true } : null),
      async () => null,
    );
    expect((await screen.findAllByText('Aadhaar service is unavailable')).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    await screen.findByText('Enter the OTP sent to the linked mobile');
    expect(calls).toBe(2);
  });
});
