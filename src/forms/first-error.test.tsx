// The banner names the first wrong field as the page shows it, with the count; that field gets the focus and
// is marked invalid. A real form (react-hook-form over a contract schema, the shared controls) on happy-dom.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { FloatingInput } from '../components/ui/floating-input';
import { bannerOf, fieldIssues, focusToCorrect, inPageOrder } from './first-error';
import { FormSelect } from './form-select';
import { useStepForm } from './use-step-form';
import { StepNotes } from './step-notes';

afterEach(cleanup);

// The schema lists city before the name and the title; the page shows title, name, city.
const Schema = v.object({
  city: v.pipe(v.string(), v.minLength(1, 'Please enter city')),
  name: v.pipe(v.string(), v.minLength(3, 'Full name must be at least 3 characters')),
  title: v.pipe(v.string(), v.minLength(1, 'Please select title')),
});
type Values = v.InferOutput<typeof Schema>;

function Page() {
  const { form, draft, firstError } = useStepForm<Values>(Schema, { city: '', name: '', title: '' }, 'test:first-error');
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <StepNotes draft={draft} error={firstError} />
      <FormSelect control={form.control} name="title" label="Title" options={[{ value: 'Mr.', label: 'Mr.' }]} />
      <FloatingInput label="Full name" error={errors.name?.message} {...form.register('name')} />
      <FloatingInput label="City" error={errors.city?.message} {...form.register('city')} />
      <button type="submit">Submit</button>
    </form>
  );
}

describe('the first error', () => {
  it('orders issues as the page does, nested names too', () => {
    document.body.innerHTML = '<input name="b"><input name="refs.0.name"><input name="a">';
    const issues = fieldIssues({
      a: { type: 'x', message: 'A' },
      refs: [{ name: { type: 'x', message: 'R' } }],
      b: { type: 'x', message: 'B' },
      gone: { type: 'x', message: 'G' },
    } as never);
    expect(inPageOrder(issues).map((i) => i.message)).toEqual(['B', 'R', 'A', 'G']);
    expect(bannerOf(inPageOrder(issues))).toBe('B (1 of 4 to fix)');
    expect(bannerOf([])).toBeUndefined();
    document.body.innerHTML = '';
  });

  it('one banner with the first field of the page and the count; that field focused and invalid', async () => {
    render(<Page />);
    fireEvent.click(screen.getByText('Submit'));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('Please select title (1 of 3 to fix)');
    const title = screen.getByRole('button', { name: /Title/ });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('a control that stands for another field', () => {
  it('is found by data-error-for', () => {
    document.body.innerHTML = '<input name="title"><input name="aadhaar" data-error-for="aadhaar_last4">';
    const issues = fieldIssues({ title: { type: 'x', message: 'T' }, aadhaar_last4: { type: 'x', message: 'A' } } as never);
    expect(inPageOrder(issues).map((i) => i.message)).toEqual(['T', 'A']);
    document.body.innerHTML = '<input name="aadhaar" data-error-for="aadhaar_last4"><input name="title">';
    expect(inPageOrder(issues).map((i) => i.message)).toEqual(['A', 'T']);
    document.body.innerHTML = '';
  });
});

describe('the field a needs-you fix corrects on its own screen', () => {
  const page = (html: string) => {
    document.body.innerHTML = html;
    return document.body;
  };
  const verify = (disabled: boolean) => `<button aria-describedby="phone-state"${disabled ? ' disabled' : ''}>Verify</button>`;
  it.each([
    ['a field that takes typing', '<input name="pan" /><button aria-describedby="pan-state">Verify</button>', 'pan', 'INPUT'],
    ['the mobile, not typed here: its Verify', `<input data-error-for="phone" readonly />${verify(false)}`, 'phone', 'BUTTON'],
    [
      'the mobile offline (Verify disabled): the number itself',
      `<input data-error-for="phone" readonly />${verify(true)}`,
      'phone',
      'INPUT',
    ],
  ])('%s', (_n, html, field, focused) => {
    const root = page(html);
    expect(focusToCorrect(field, root)).toBe(true);
    expect(document.activeElement?.tagName).toBe(focused);
  });

  it('a screen without the field says so (false) and moves nothing', () => {
    const root = page('<p>Submitted</p><button>Other</button>');
    (root.querySelector('button') as HTMLButtonElement).focus();
    expect(focusToCorrect('account_holder_name', root)).toBe(false);
    expect(document.activeElement?.textContent).toBe('Other');
  });
});
