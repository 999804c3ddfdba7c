// @vitest-environment happy-dom
// Checks before queueing, for every form with a check (borrower, co-applicant, bank account), on a real Dexie and a
// real react-hook-form: junk stays beside its field and is never queued; a corrected value still queued takes the place
// of the typo's check; a value this form did not queue (another person's on the same application) is left alone.
import { act, cleanup, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { allOps } from '../db/outbox';
import { deleteUserDb, openUserDb } from '../db/user-db';
import { useCheckVerify } from './use-check-verify';
import { enqueueCheck } from '../ops/verification-ops';

const APP = 'e'.repeat(32);
let n = 0;
const fresh = () => openUserDb('sahayog', `check-verify-${++n}`);
afterEach(async () => {
  cleanup();
  await deleteUserDb('sahayog', `check-verify-${n}`);
});

type F = { pan: string; voter_id: string; account_number: string; ifsc_code: string };
function setUp(db: ReturnType<typeof fresh>, sent?: string) {
  return renderHook(() => {
    const form = useForm<F>({ defaultValues: { pan: '', voter_id: '', account_number: '', ifsc_code: '' } });
    return { form, verify: useCheckVerify(db, APP, form, () => sent) };
  });
}
const pans = async (db: ReturnType<typeof fresh>) => (await allOps(db)).map((o) => (o.body as { pan?: string }).pan);

describe('useCheckVerify', () => {
  it('a PAN that cannot be right gets its plain message beside the field and nothing is queued', async () => {
    const db = fresh();
    const { result } = setUp(db);
    act(() => result.current.form.setValue('pan', '1234567890'));
    let op: unknown;
    await act(async () => {
      op = await result.current.verify('pan');
    });
    expect(op).toBeNull();
    expect(result.current.form.getFieldState('pan').error?.message).toBe('PAN is 5 letters, 4 digits and a letter (AAAAA9999A)');
    expect(await allOps(db)).toEqual([]);
  });

  it('an edit of a value this form queued replaces its check; the queue holds the corrected one only', async () => {
    const db = fresh();
    const { result, rerender } = setUp(db);
    act(() => result.current.form.setValue('pan', 'ABCDE1234G'));
    await act(async () => void (await result.current.verify('pan')));
    rerender();
    act(() => result.current.form.setValue('pan', 'abcde1234f'));
    await act(async () => void (await result.current.verify('pan')));
    expect(await pans(db)).toEqual(['ABCDE1234F']);
  });

  it('a value sent on an earlier visit of the form is replaced too; a queued check of someone else is kept', async () => {
    const db = fresh();
    await enqueueCheck(db, APP, 'pan', 'SUNTA7654D', 1); // the co-borrower's, queued by another form
    await enqueueCheck(db, APP, 'pan', 'ABCDE1234G', 2); // this form's, before the app was closed
    const { result } = setUp(db, 'ABCDE1234G');
    act(() => result.current.form.setValue('pan', 'ABCDE1234F'));
    await act(async () => void (await result.current.verify('pan')));
    expect((await pans(db)).sort()).toEqual(['ABCDE1234F', 'SUNTA7654D']);
  });

  it('the bank check needs its IFSC valid as well, and replaces a queued account number', async () => {
    const db = fresh();
    const { result } = renderHook(() => {
      const form = useForm<F>({ defaultValues: { pan: '', voter_id: '', account_number: '123456789013', ifsc_code: '' } });
      form.register('ifsc_code', { required: 'IFSC is required' });
      return { form, verify: useCheckVerify(db, APP, form) };
    });
    let op: unknown;
    await act(async () => {
      op = await result.current.verify('account_number', {}, ['ifsc_code']);
    });
    expect(op).toBeNull();
    expect(await allOps(db)).toEqual([]);
    act(() => result.current.form.setValue('ifsc_code', 'SBIN0001234'));
    await act(async () => void (await result.current.verify('account_number', { ifsc: 'SBIN0001234' }, ['ifsc_code'])));
    act(() => result.current.form.setValue('account_number', '123456789012'));
    await act(async () => void (await result.current.verify('account_number', { ifsc: 'SBIN0001234' }, ['ifsc_code'])));
    expect((await allOps(db)).map((o) => (o.body as { account_number?: string }).account_number)).toEqual(['123456789012']);
  });
});
