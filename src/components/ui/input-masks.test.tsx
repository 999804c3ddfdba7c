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
    ['digits', '1000.50', '100050'],
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
      <FloatingInput label="Amount" inputMode="numeric" {...register('amount', { setValueAs: digitsToNumber })} />
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
    expect([amount.value, pan.value, dob.value]).toEqual(['100050', 'ABCDE1234F', '15-08-1985']);
    fireEvent.click(screen.getByText('Send'));
    await vi.waitFor(() => expect(kept).toEqual({ amount: 100050, pan: 'ABCDE1234F', dob: '15-08-1985' }));
  });
});
