import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, readDraft, saveDraft } from '../db/drafts';
import { installEncryption } from '../db/encryption-middleware';
import { newDataKey } from '../db/encryption-test-kit';
import { openUserDb, type UserDb } from '../db/user-db';
import { lockPage, pageLock } from '../lib/page-lock';
import { redactDraft } from './redact-draft';
import { DRAFT_SAVE_MS, type DraftState, useDraft } from './use-draft';

type Values = { name: string; aadhaar: string; city: string };
const KEY = 'app1|basic-info|0';

let db: UserDb;
let form: UseFormReturn<Values>;
let draft: DraftState;

function Harness() {
  form = useForm<Values>({ defaultValues: { name: '', aadhaar: '', city: '' } });
  draft = useDraft(form, KEY, { db });
  return null;
}

/** A form that starts with values typed before its code arrived (painted-form.ts), and says so. */
function TypedHarness() {
  form = useForm<Values>({ defaultValues: { name: 'Typed', aadhaar: '', city: '' } });
  const state = useDraft(form, KEY, { db });
  draft = state;
  const { markEdited } = state;
  useEffect(() => markEdited(), [markEdited]);
  return null;
}

const submitBehaviour = { accept: true, leave: () => {}, submit: async () => {} };
/** A step form: its submit clears the draft as enqueue does, waits for an answer, then leaves the screen or stays. */
function SubmitHarness() {
  form = useForm<Values>({ defaultValues: { name: '', aadhaar: '', city: '' } });
  draft = useDraft(form, KEY, { db });
  submitBehaviour.submit = form.handleSubmit(async () => {
    if (submitBehaviour.accept) await clearDraft(db, KEY);
    await new Promise<void>((r) => setImmediate(r));
    if (submitBehaviour.accept) submitBehaviour.leave();
  });
  return null;
}

/** Lets IndexedDB callbacks (setImmediate, not faked) and React updates run. */
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await act(() => new Promise<void>((r) => setImmediate(r)));
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  db = openUserDb('t', `draft-${Math.random()}`);
});
afterEach(async () => {
  cleanup();
  pageLock.lock();
  vi.useRealTimers();
  await db.delete();
});

describe('useDraft', () => {
  it('markEdited: values typed where watch cannot see them (before the form code) win over a stored draft and are saved', async () => {
    await saveDraft(db, KEY, { name: 'Old', city: 'Nashik' });
    render(<TypedHarness />);
    await settle();
    expect(draft.restored).toBe(false);
    expect(form.getValues('name')).toBe('Typed');
    await act(async () => vi.advanceTimersByTime(DRAFT_SAVE_MS));
    await settle();
    expect(await readDraft(db, KEY)).toMatchObject({ name: 'Typed', city: '' });
  });

  it('restores a stored draft once on mount', async () => {
    await saveDraft(db, KEY, { name: 'Ramesh', city: 'Pune' });
    render(<Harness />);
    await settle();
    expect(draft.restored).toBe(true);
    expect(form.getValues()).toMatchObject({ name: 'Ramesh', city: 'Pune' });
    await act(async () => form.setValue('name', 'Suresh'));
    await settle();
    expect(form.getValues('name')).toBe('Suresh');
  });

  it('autosaves within the debounce of a change (under the 300 ms budget), not before', async () => {
    render(<Harness />);
    await settle();
    await act(async () => form.setValue('name', 'Ra'));
    await act(async () => form.setValue('name', 'Ram'));
    await settle();
    expect(await readDraft(db, KEY)).toBeUndefined();
    await act(async () => vi.advanceTimersByTime(DRAFT_SAVE_MS - 1));
    await settle();
    expect(await readDraft(db, KEY)).toBeUndefined();
    await act(async () => vi.advanceTimersByTime(1));
    await settle();
    expect(DRAFT_SAVE_MS).toBeLessThan(300);
    expect(await readDraft(db, KEY)).toMatchObject({ name: 'Ram' });
  });

  it('flushes at once on pagehide, visibilitychange=hidden and unmount', async () => {
    const view = render(<Harness />);
    await settle();
    await act(async () => form.setValue('city', 'Pune'));
    await act(async () => window.dispatchEvent(new Event('pagehide')));
    await settle();
    expect(await readDraft(db, KEY)).toMatchObject({ city: 'Pune' });

    await act(async () => form.setValue('city', 'Delhi'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(await readDraft(db, KEY)).toMatchObject({ city: 'Delhi' });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });

    await act(async () => form.setValue('city', 'Nagpur'));
    view.unmount();
    await settle();
    expect(await readDraft(db, KEY)).toMatchObject({ city: 'Nagpur' });
  });

  it('the idle lock waits for the draft being written: the PIN opens the form again with what was typed', async () => {
    // A cheap phone may take longer than any fixed pause to encrypt and write: the lock waits on the writes, not a timer
    // (the timers here are fake and never run, so a lock that waited on one would never lock).
    await db.delete();
    db = openUserDb('t', `lock-${Math.random()}`, { encrypt: (d) => installEncryption(d, pageLock) });
    const key = await newDataKey();
    pageLock.unlock(key);
    render(<Harness />);
    await settle();
    await act(async () => form.setValue('name', 'Typed on the bus'));
    // The autosave has started its write when the lock comes; the last keystrokes have not started theirs.
    await act(async () => vi.advanceTimersByTime(DRAFT_SAVE_MS));
    await act(async () => form.setValue('city', 'Pune'));
    await act(() => lockPage());
    expect(pageLock.key()).toBeNull();
    pageLock.unlock(key);
    expect(await readDraft(db, KEY)).toMatchObject({ name: 'Typed on the bus', city: 'Pune' });
    pageLock.lock();
  });

  it('never stores the full Aadhaar number', async () => {
    render(<Harness />);
    await settle();
    await act(async () => form.setValue('aadhaar', '9999 8888 7777'));
    await act(async () => draft.flush());
    await settle();
    const stored = await readDraft<Record<string, unknown>>(db, KEY);
    expect(stored).toMatchObject({ aadhaar_last4: '7777' });
    expect(JSON.stringify(stored)).not.toContain('99998888');
    expect(stored).not.toHaveProperty('aadhaar');
  });

  it('clear() forgets the draft and cancels a pending save', async () => {
    render(<Harness />);
    await settle();
    await act(async () => form.setValue('name', 'X'));
    await act(async () => draft.clear());
    await act(async () => vi.advanceTimersByTime(1000));
    await settle();
    expect(await readDraft(db, KEY)).toBeUndefined();
  });

  it('a submit that clears the draft and leaves the screen does not bring the draft back; a refused one keeps what was typed', async () => {
    submitBehaviour.accept = true;
    let view = render(<SubmitHarness />);
    submitBehaviour.leave = () => view.unmount();
    await settle();
    // Typed just before Submit: a save is still pending when the submit starts.
    await act(async () => form.setValue('name', 'Ramesh'));
    await act(async () => submitBehaviour.submit());
    await act(async () => vi.advanceTimersByTime(1000));
    await settle();
    expect(await readDraft(db, KEY)).toBeUndefined();

    submitBehaviour.accept = false;
    view = render(<SubmitHarness />);
    await settle();
    await act(async () => form.setValue('name', 'Suresh'));
    await act(async () => submitBehaviour.submit());
    await settle();
    await act(async () => vi.advanceTimersByTime(DRAFT_SAVE_MS));
    await settle();
    expect(await readDraft(db, KEY)).toMatchObject({ name: 'Suresh' });
  });
});

describe('redactDraft', () => {
  it('keeps the last 4 digits only, at any depth', () => {
    expect(redactDraft({ aadhaar: '999988887777', name: 'R' })).toEqual({ aadhaar_last4: '7777', name: 'R' });
    expect(redactDraft({ co: [{ aadhaar_number: '1234-5678-9012' }] })).toEqual({ co: [{ aadhaar_last4: '9012' }] });
    expect(redactDraft({ aadhaar: '' })).toEqual({});
    expect(redactDraft({ aadhaar_front: 'file-id' })).toEqual({ aadhaar_front: 'file-id' });
  });
});
