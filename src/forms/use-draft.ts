// Autosave a form (react-hook-form's, or one-field-form.ts) to Dexie: restore once, save 250 ms after the first unsaved change, flush when the page hides.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { clearDraft, draftEditMark, readDraft, saveFormDraft } from '../db/drafts';
import { whenLocking } from '../lib/before-lock';
import type { UserDb } from '../db/user-db';
import { useUserDb } from '../db/user-db-context';
import { redactDraft } from './redact-draft';

// 250 ms after the first unsaved change: with the IndexedDB write that keeps the last keystroke on disk within
// the 300 ms budget of REQ-QUAL-3 (measured p95 at 300 ms was 312 ms, bench/draft-safety.ts).
export const DRAFT_SAVE_MS = 250;

/** What the autosave needs of a form: react-hook-form's `UseFormReturn` is one, `useOneFieldForm`'s `draftForm` another. */
export type WatchCallback = (values: unknown, info: { name?: string }) => void;

export type DraftForm<T extends FieldValues> = {
  getValues: () => T;
  reset: (values: T, options: { keepDefaultValues: true }) => void;
  /** `name` is the field a person changed; none for a reset. */
  watch: (callback: WatchCallback) => { unsubscribe: () => void };
};

export type DraftState = {
  /** The stored draft has been read (and applied when there was one). */
  ready: boolean;
  /** A stored draft was found and put into the form. */
  restored: boolean;
  /** Last failed save (e.g. StorageFullError); null after a good save. */
  error: Error | null;
  flush: () => Promise<void>;
  /** The form was changed where `watch` cannot see it (typed before the form's code arrived): save it, it wins over a stored draft. */
  markEdited: () => void;
  /** After a confirmed submit: forget the draft (when the submit is queued, pass its key to enqueue instead). */
  clear: () => Promise<void>;
};

export function useDraft<T extends FieldValues>(
  form: UseFormReturn<T> | DraftForm<T>,
  key: string,
  opts: { db?: UserDb | null; delayMs?: number } = {},
): DraftState {
  const contextDb = useUserDb();
  const db = opts.db === undefined ? contextDb : opts.db;
  const delayMs = opts.delayMs ?? DRAFT_SAVE_MS;
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const loaded = useRef(false);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastEdit = useRef(0);
  const formRef = useRef(form);
  formRef.current = form;

  // The write under way: a flush waits for it, so whoever waits on a flush (the lock) knows the disk has the form.
  const saving = useRef<Promise<void>>(Promise.resolve());
  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    // Another flush may start a write while this one waits: wait until none is left under way.
    for (let under = saving.current; ; under = saving.current) {
      await under;
      if (under === saving.current) break;
    }
    if (!dirty.current || !db) return;
    dirty.current = false;
    const write = (async () => {
      try {
        await saveFormDraft(db, key, redactDraft(formRef.current.getValues()), lastEdit.current);
        setError(null);
      } catch (err) {
        dirty.current = true;
        setError(err instanceof Error ? err : new Error(String(err)));
      }
    })();
    saving.current = write;
    await write;
  }, [db, key]);

  useEffect(() => {
    if (!db) return;
    let cancelled = false;
    loaded.current = false;
    void readDraft<Partial<T>>(db, key).then((stored) => {
      if (cancelled) return;
      // Typing that began before the read finished wins over the stored draft.
      if (stored && typeof stored === 'object' && !dirty.current) {
        formRef.current.reset({ ...formRef.current.getValues(), ...stored } as T, { keepDefaultValues: true });
        setRestored(true);
      }
      loaded.current = true;
      setReady(true);
      if (dirty.current && !timer.current) timer.current = setTimeout(() => void flush(), delayMs);
    });
    return () => {
      cancelled = true;
    };
  }, [db, key, flush, delayMs]);

  const markEdited = useCallback(() => {
    dirty.current = true;
    lastEdit.current = draftEditMark();
    if (loaded.current && !timer.current) timer.current = setTimeout(() => void flush(), delayMs);
  }, [flush, delayMs]);

  useEffect(() => {
    // A reset (restoring the draft, or a fresher record) is not typing: only a named field's change is an edit, else a
    // restored draft that a queued submit sent would lose its tie to that submit and outlive the server's acceptance.
    const sub = form.watch((_values, { name }) => {
      if (name) markEdited();
    });
    return () => sub.unsubscribe();
  }, [form, markEdited]);

  useEffect(() => {
    const onPageHide = () => void flush();
    const stopOnLock = whenLocking(flush);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      stopOnLock();
      document.removeEventListener('visibilitychange', onVisibility);
      void flush();
    };
  }, [flush]);

  const clear = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    dirty.current = false;
    if (db) await clearDraft(db, key);
  }, [db, key]);

  return { ready, restored, error, flush, markEdited, clear };
}
