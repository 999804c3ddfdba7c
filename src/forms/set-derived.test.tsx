// A derived field (the age from the date of birth) marked invalid by a submit is unmarked as soon as its source is
// corrected, with the real step form (react-hook-form, the valibot resolver, the one-message banner).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import * as v from 'valibot';
import { afterEach, expect, it } from 'vitest';
import { FloatingInput } from '../components/ui/floating-input';
import { setDerived } from './set-derived';
import { useStepForm } from './use-step-form';

afterEach(cleanup);

const Schema = v.object({
  birth_year: v.string(),
  age: v.pipe(v.number(), v.minValue(18, 'Age must be at least 18')),
});
type Values = v.InferOutput<typeof Schema>;

function Page() {
  const { form } = useStepForm<Values>(Schema, { birth_year: '2015', age: 11 }, 'test:set-derived');
  const year = form.watch('birth_year');
  useEffect(() => setDerived(form, 'age', 2026 - Number(year)), [year, form]);
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <FloatingInput label="Birth year" {...form.register('birth_year')} />
      <FloatingInput label="Age" value={form.watch('age')} readOnly error={form.formState.errors.age?.message} />
      <button type="submit">Submit</button>
    </form>
  );
}

it('an age marked by a submit is unmarked as soon as the date it comes from is corrected', async () => {
  render(<Page />);
  const age = screen.getByLabelText('Age');
  expect(age.getAttribute('aria-invalid')).toBeNull();
  fireEvent.click(screen.getByText('Submit'));
  await waitFor(() => expect(age.getAttribute('aria-invalid')).toBe('true'));
  fireEvent.input(screen.getByLabelText('Birth year'), { target: { value: '1990' } });
  await waitFor(() => expect(screen.getByLabelText('Age').getAttribute('aria-invalid')).toBeNull());
  expect((screen.getByLabelText('Age') as HTMLInputElement).value).toBe('36');
});
