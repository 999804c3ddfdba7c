// One rule for every step form (REQ-UI-7): after a submit only the first message is shown, in the
// banner with the count; the first invalid field is focused; every invalid field is marked (aria-invalid, red border)
// but shows no message of its own; a corrected field stops being marked as soon as it is valid. A message that is not
// validation (an upload that failed) still shows under its field.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { FORM_BANNER_ID } from '../components/ui/field-messages';
import { FloatingInput } from '../components/ui/floating-input';
import { FloatingTextarea } from '../components/ui/floating-textarea';
import { FormSelect } from './form-select';
import { StepNotes } from './step-notes';
import { useStepForm } from './use-step-form';

afterEach(cleanup);

const Schema = v.object({
  title: v.pipe(v.string(), v.minLength(1, 'Please select title')),
  name: v.pipe(v.string(), v.minLength(3, 'Invalid name')),
  address: v.pipe(v.string(), v.minLength(8, 'Invalid address')),
});
type Values = v.InferOutput<typeof Schema>;

function Page() {
  const { form, draft, firstError } = useStepForm<Values>(Schema, { title: '', name: '', address: '' }, 'test:one-message');
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <StepNotes draft={draft} error={firstError} />
      <FormSelect control={form.control} name="title" label="Title" options={[{ value: 'Mr.', label: 'Mr.' }]} />
      <FloatingInput label="Full name" error={errors.name?.message} {...form.register('name')} />
      <FloatingTextarea label="Address" error={errors.address?.message} {...form.register('address')} />
      <FloatingInput label="Shop photo" error="The upload failed. Try again." readOnly />
      <button type="submit">Submit</button>
    </form>
  );
}

const inlineMessages = () => Array.from(document.querySelectorAll('.ui-field-error')).map((e) => e.textContent);

describe('only the first message, in the banner', () => {
  it('marks every invalid field, says one message, focuses the first; a corrected field is unmarked at once', async () => {
    render(<Page />);
    fireEvent.click(screen.getByText('Submit'));
    const banner = await screen.findByText('Please select title (1 of 3 to fix)');
    expect(banner.id).toBe(FORM_BANNER_ID);
    const title = screen.getByRole('button', { name: /Title/ });
    const name = screen.getByLabelText('Full name');
    const address = screen.getByLabelText('Address');
    await waitFor(() => expect(document.activeElement).toBe(title));
    for (const control of [title, name, address]) {
      expect(control.getAttribute('aria-invalid')).toBe('true');
      expect(control.getAttribute('aria-describedby')).toContain(FORM_BANNER_ID);
    }
    expect(name.closest('.ui-float')?.classList.contains('ui-float--error')).toBe(true);
    // The banner's message is not repeated anywhere, nor are the others shown; the failed upload still says so.
    expect(inlineMessages()).toEqual(['The upload failed. Try again.']);
    expect(screen.queryByText('Invalid name')).toBeNull();

    fireEvent.change(name, { target: { value: 'Ramesh Patil' } });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull());
    expect(name.closest('.ui-float')?.classList.contains('ui-float--error')).toBe(false);
    expect(screen.getByText('Please select title (1 of 2 to fix)')).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(inlineMessages()).toEqual(['The upload failed. Try again.']);
  });
});
