// A failed check marks its field invalid and points it at the reason; a verified one keeps its button focusable.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FloatingInput } from '../components/ui/floating-input';
import { CheckRow } from './check-row';

afterEach(cleanup);

describe('CheckRow', () => {
  it('a failed check: the field is invalid and described by the reason', () => {
    render(
      <CheckRow id="pan" check={{ state: 'failed', message: 'INVALID PAN' }} onVerify={() => undefined}>
        <FloatingInput label="PAN" />
      </CheckRow>,
    );
    const input = screen.getByLabelText('PAN');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('INVALID PAN');
  });

  it('no check yet: the field is not marked', () => {
    render(
      <CheckRow id="pan" check={{ state: 'none' }} onVerify={() => undefined}>
        <FloatingInput label="PAN" />
      </CheckRow>,
    );
    expect(screen.getByLabelText('PAN').hasAttribute('aria-invalid')).toBe(false);
  });

  it('verified: the button stays in the Tab order, marked as not available', () => {
    render(
      <CheckRow id="pan" check={{ state: 'verified', name: 'RAMESH KUMAR' }} onVerify={() => undefined}>
        <FloatingInput label="PAN" />
      </CheckRow>,
    );
    const button = screen.getByRole('button', { name: 'Verified PAN' });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });

  it('each button names the field it checks', () => {
    render(
      <>
        <CheckRow id="pan" check={{ state: 'none' }} onVerify={() => undefined}>
          <FloatingInput label="PAN" />
        </CheckRow>
        <CheckRow id="voter" check={{ state: 'none' }} onVerify={() => undefined}>
          <FloatingInput label="Voter ID" />
        </CheckRow>
      </>,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Verify PAN', 'Verify Voter ID']);
    expect(screen.getByRole('button', { name: 'Verify PAN' })).toBeTruthy();
    // The field's label is the field's alone.
    expect(screen.getAllByLabelText(/PAN/)).toHaveLength(1);
  });

  it('pending: the button keeps the focus it has (not natively disabled) and does nothing', () => {
    let asked = 0;
    render(
      <CheckRow id="pan" check={{ state: 'pending' }} onVerify={() => asked++}>
        <FloatingInput label="PAN" />
      </CheckRow>,
    );
    const button = screen.getByRole('button', { name: 'Pending PAN' });
    button.focus();
    button.click();
    expect(asked).toBe(0);
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
  });
});
