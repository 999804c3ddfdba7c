import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PublicMobileForm } from '../../contracts/public-otp';
import { MSG } from '../../contracts/messages';
import { readDraft, saveDraft } from '../db/drafts';
import { openUserDb } from '../db/user-db';
import { useOneFieldForm } from './one-field-form';
import { useDraft } from './use-draft';

const sent: string[] = [];
let db: ReturnType<typeof openUserDb> | null = null;

function MobileForm() {
  const form = useOneFieldForm(PublicMobileForm, 'mobile', '');
  const draft = useDraft(form.draftForm, 'public:mobile', { db, delayMs: 10 });
  return (
    <form onSubmit={(e) => void form.handleSubmit((v) => void sent.push(v.mobile))(e)}>
      {draft.restored && <p>restored</p>}
      <input aria-label="Mobile number" {...form.field} />
      {form.error && <p role="alert">{form.error}</p>}
      <button type="submit">Get OTP</button>
    </form>
  );
}

afterEach(() => {
  cleanup();
  sent.length = 0;
  db = null;
});

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await act(() => new Promise<void>((r) => setTimeout(r, 5)));
};

describe('a one-field form (the public first screens without react-hook-form)', () => {
  it('says nothing while typing until the field is left, then follows each keystroke (onTouched)', () => {
    render(<MobileForm />);
    const input = screen.getByLabelText('Mobile number');
    fireEvent.change(input, { target: { value: '98' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe(MSG.invalidMobile);
    fireEvent.change(input, { target: { value: '9876543210' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a submit with a bad value shows the error, focuses the field and sends nothing; a good one sends the parsed value', async () => {
    render(<MobileForm />);
    const input = screen.getByLabelText('Mobile number');
    fireEvent.change(input, { target: { value: '12' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Get OTP' })));
    expect(screen.getByRole('alert').textContent).toBe(MSG.invalidMobile);
    expect(document.activeElement).toBe(input);
    expect(sent).toEqual([]);
    fireEvent.change(input, { target: { value: ' 9876543210 ' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Get OTP' })));
    expect(sent).toEqual(['9876543210']);
  });

  it('is autosaved and restored by the shared draft hook', async () => {
    db = openUserDb('one-field.test', `u${Date.now()}`);
    await saveDraft(db, 'public:mobile', { mobile: '9123456780' });
    render(<MobileForm />);
    await settle();
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('9123456780');
    expect(screen.getByText('restored')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9000000009' } });
    await settle();
    expect(await readDraft(db, 'public:mobile')).toEqual({ mobile: '9000000009' });
  });
});
