// A form of one text field, validated by its contract schema, without react-hook-form: the first screens of the public
// pages (the visitor's mobile, loan and partner tracking) are one field each, and react-hook-form with its resolver is
// 13 KB of JS gzip, a tenth of their first-download budget. It behaves as the step forms do (mode
// 'onTouched': the error shows after the field is left or a submit, then follows every keystroke; a failed submit
// focuses the field) and it is a `DraftForm`, so `useDraft` autosaves it like any step form.
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import type { DraftForm, WatchCallback } from './use-draft';

type Values<K extends string> = Record<K, string>;

export function useOneFieldForm<K extends string, Out extends Values<K>>(
  schema: v.GenericSchema<Values<K>, Out>,
  name: K,
  initial: string,
) {
  const input = useRef<HTMLInputElement | null>(null);
  const value = useRef(initial);
  const touched = useRef(false);
  const listeners = useRef(new Set<WatchCallback>());
  const [error, setError] = useState<string | undefined>();
  const [isSubmitting, setSubmitting] = useState(false);

  const check = useCallback(() => {
    const parsed = v.safeParse(schema, { [name]: value.current } as Values<K>);
    setError(parsed.success ? undefined : parsed.issues[0].message);
    return parsed;
  }, [schema, name]);

  // `typed`: the person changed the field (an edit); a reset restoring the draft is not one.
  const set = useCallback(
    (next: string, typed = true) => {
      value.current = next;
      if (input.current && input.current.value !== next) input.current.value = next;
      for (const l of listeners.current) l(undefined, { name: typed ? name : undefined });
    },
    [name],
  );

  const draftForm: DraftForm<Values<K>> = useMemo(
    () => ({
      getValues: () => ({ [name]: value.current }) as Values<K>,
      reset: (values: Values<K>) => set(String(values[name] ?? ''), false),
      watch: (callback: WatchCallback) => {
        listeners.current.add(callback);
        return { unsubscribe: () => void listeners.current.delete(callback) };
      },
    }),
    [name, set],
  );

  /** Spread into the input (FloatingInput), as react-hook-form's `register(name)`. */
  const field = {
    name,
    defaultValue: initial,
    ref: input,
    onChange: (e: FormEvent<HTMLInputElement>) => {
      set(e.currentTarget.value);
      if (touched.current) check();
    },
    onBlur: () => {
      touched.current = true;
      check();
    },
  };

  const handleSubmit = (onValid: (values: Out) => unknown, onInvalid?: () => void) => async (e?: FormEvent) => {
    e?.preventDefault();
    touched.current = true;
    const parsed = check();
    if (!parsed.success) {
      input.current?.focus();
      onInvalid?.();
      return;
    }
    setSubmitting(true);
    try {
      await onValid(parsed.output);
    } finally {
      setSubmitting(false);
    }
  };

  return { field, error, isSubmitting, handleSubmit, draftForm, setValue: set };
}
