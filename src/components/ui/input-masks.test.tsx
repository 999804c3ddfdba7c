// What a field shows is what the form keeps. A table of every mask, then the masks through FloatingInput and
// react-hook-form as a person types.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { digitsToNumber } from '../../lib/number-input';
import { FloatingInput } from './floating-input';
import { type InputMask, MASKS, maskOf } from './input-masks';

afterEach(cleanup);

describe('masks (table)', () => {
  it.each<[InputMask, string, string]>([
    ['digits', '1000.50', '1000.50'],
    ['digits', '1,00,000.50', '100000.50'],
    ['digits', '₹ 1,00,000', '100000'],
    ['digits', '98765 43210', '9876543210'],
    ['digits', '', ''],
    ['decimal', '12.5', '12.5'],
    ['decimal', '12.345', '12.34'],
    ['decimal', '1.2.3', '1.23'],
    ['decimal', '₹1,000.5', '1000.5'],
    ['upper', 'abcde1234f', 'ABCDE1234F'],
    ['upper', 'sbin 0001234', 'SBIN0001234'],
    ['dmy', '15081985', '15-08-1985'],
    ['dmy', '1508', '15-08'],
    ['dmy', '15/08/1985', '15-08-1985'],
    ['dmy', '150819851', '15-08-1985'],
    ['none', 'Ramesh 1', 'Ramesh 1'],
  ])('%s: %j is shown as %j', (mask, typed, shown) => expect(MASKS[mask](typed)).toBe(shown));

  it.each<[Parameters<typeof maskOf>[0], InputMask]>([
    [{ inputMode: 'numeric' }, 'digits'],
    [{ inputMode: 'decimal' }, 'decimal'],
    [{ autoCapitalize: 'characters' }, 'upper'],
    [{ inputMode: 'numeric', mask: 'dmy' }, 'dmy'],
    [{ inputMode: 'numeric', mask: 'none' }, 'none'],
    [{ type: 'email' }, 'none'],
    [{}, 'none'],
  ])('%j → %s', (props, mask) => expect(maskOf(props)).toBe(mask));
});

type Values = { amount: number | null; pan: string; dob: string };
let kept: Values | null = null;
function Form() {
  const { register, handleSubmit } = useForm<Values>({ defaultValues: { amount: null, pan: '', dob: '' } });
  return (
    <form
      onSubmit={handleSubmit((v) => {
        kept = v;
      })}
    >
      <FloatingInput label="Amount" inputMode="numeric" maxLength={11} {...register('amount', { setValueAs: digitsToNumber })} />
      <FloatingInput label="PAN" autoCapitalize="characters" {...register('pan')} />
      <FloatingInput label="DOB" inputMode="numeric" mask="dmy" {...register('dob')} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('FloatingInput shows what the form keeps', () => {
  it('amount digits, PAN upper case, DOB with dashes', async () => {
    kept = null;
    render(<Form />);
    const amount = screen.getByLabelText('Amount') as HTMLInputElement;
    const pan = screen.getByLabelText('PAN') as HTMLInputElement;
    const dob = screen.getByLabelText('DOB') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '1000.50' } });
    fireEvent.change(pan, { target: { value: 'abcde1234f' } });
    fireEvent.change(dob, { target: { value: '15081985' } });
    expect([amount.value, pan.value, dob.value]).toEqual(['1000.50', 'ABCDE1234F', '15-08-1985']);
    fireEvent.click(screen.getByText('Send'));
    await vi.waitFor(() => expect(kept).toEqual({ amount: 1000.5, pan: 'ABCDE1234F', dob: '15-08-1985' }));
  });
});

describe('a masked field keeps its length limit after the mask', () => {
  it.each<[string, number, string, string]>([
    ['Mobile', 10, '98765 43210', '9876543210'],
    ['Amount', 11, '₹ 1,00,000.50', '100000.50'],
    ['Amount', 6, '12345678', '123456'],
  ])('%s (max %i): %j keeps %j', (label, max, pasted, kept) => {
    render(<FloatingInput label={label} inputMode="numeric" maxLength={max} onChange={() => undefined} />);
    const input = screen.getByLabelText(label) as HTMLInputElement;
    // The browser would have cut the paste to the limit before the mask: the field does not leave it to the browser.
    expect(input.maxLength).toBe(-1);
    fireEvent.change(input, { target: { value: pasted } });
    expect(input.value).toBe(kept);
  });
});
