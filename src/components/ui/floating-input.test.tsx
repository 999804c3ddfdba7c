import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FloatingInput } from './floating-input';
import { FloatingTextarea } from './floating-textarea';

afterEach(cleanup);

function CityForm({ onValid }: { onValid: (v: { city: string }) => void }) {
  const { register, handleSubmit, formState } = useForm<{ city: string }>({ defaultValues: { city: '' } });
  return (
    <form onSubmit={handleSubmit((v) => onValid(v))}>
      <FloatingInput id="city" label="City" error={formState.errors.city?.message} {...register('city', { required: 'Required' })} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('FloatingInput', () => {
  it("keeps typed borrower data out of the browser's autofill unless the field names its purpose", () => {
    render(
      <>
        <FloatingInput label="Date of birth" />
        <FloatingInput label="Mobile" autoComplete="tel-national" />
        <FloatingTextarea label="Address" />
      </>,
    );
    expect(screen.getByLabelText('Date of birth').getAttribute('autocomplete')).toBe('off');
    expect(screen.getByLabelText('Address').getAttribute('autocomplete')).toBe('off');
    expect(screen.getByLabelText('Mobile').getAttribute('autocomplete')).toBe('tel-national');
  });
  it('is labelled by its floating label and uses a blank placeholder so CSS can float it', () => {
    render(<FloatingInput label="First name" />);
    const input = screen.getByLabelText('First name') as HTMLInputElement;
    expect(input.tagName).toBe('INPUT');
    expect(input.placeholder).toBe(' ');
    const label = document.querySelector(`label[for="${input.id}"]`);
    expect(label?.className).toBe('ui-float__label');
    expect(input.nextElementSibling).toBe(label);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('shows the error next to the field and ties it with aria-invalid and aria-describedby', () => {
    render(<FloatingInput label="Email" error="Invalid email" aria-describedby="hint" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const ids = input.getAttribute('aria-describedby')!.split(' ');
    expect(ids[0]).toBe('hint');
    expect(document.getElementById(ids[1]!)?.textContent).toBe('Invalid email');
    expect(input.closest('.ui-float')?.classList).toContain('ui-float--error');
  });

  it('keeps a given id and works with react-hook-form register', async () => {
    const onValid = vi.fn();
    render(<CityForm onValid={onValid} />);
    const input = screen.getByLabelText('City');
    expect(input.id).toBe('city');
    fireEvent.click(screen.getByText('Send'));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    fireEvent.input(input, { target: { value: 'Pune' } });
    fireEvent.click(screen.getByText('Send'));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledWith({ city: 'Pune' }));
  });
});

describe('FloatingTextarea', () => {
  it('is a labelled textarea with the same error wiring', () => {
    render(<FloatingTextarea label="Address" error="Invalid address" />);
    const area = screen.getByLabelText('Address');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(area.getAttribute('aria-describedby')!)?.textContent).toBe('Invalid address');
  });
});
