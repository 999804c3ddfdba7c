// A form painted before its code (issue 23, the first download): a long public form shows its fields at once, as plain
// inputs that take typing, while react-hook-form (15 KB gzip) loads after the first paint. When the real form replaces
// them, what was typed, the focused field and its caret move into it, so nothing typed in between is lost.
import { useEffect, useLayoutEffect, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/** Mark the painted form with `{...{ [PAINTED_FORM]: id }}`; the real form reads it by the same id. */
export const PAINTED_FORM = 'data-painted-form';

type Caret = { name: string; start: number | null; end: number | null };
export type PaintedTyping = { caret: Caret | null; inputs: HTMLInputElement[] };

function textInputs(form: HTMLFormElement | null): HTMLInputElement[] {
  if (!form) return [];
  return [...form.querySelectorAll('input')].filter((i) => i.name && i.type !== 'file' && i.type !== 'checkbox' && i.type !== 'radio');
}

function caretOf(inputs: HTMLInputElement[]): Caret | null {
  const focused = inputs.find((i) => i === document.activeElement);
  return focused ? { name: focused.name, start: focused.selectionStart, end: focused.selectionEnd } : null;
}

/** Call in the real form's component: during its first render the painted form is still in the document. */
export function usePaintedTyping(id: string): PaintedTyping {
  const [typed] = useState(() => {
    const inputs = textInputs(document.querySelector<HTMLFormElement>(`form[${PAINTED_FORM}="${id}"]`));
    return { caret: caretOf(inputs), inputs };
  });
  return typed;
}

/**
 * After the swap, before the browser paints: what the replaced inputs hold (every keystroke up to the commit) goes
 * into the form as the visitor's edits (dirty, so a typed pincode is looked up and the draft is saved), the focus and
 * caret go back where they were, and the draft is told that the visitor has typed (so it wins over a stored draft, as
 * any typing before the draft's read does, use-draft.ts).
 */
export function usePaintedTakeOver<T extends FieldValues>(typed: PaintedTyping, form: UseFormReturn<T>, markEdited: () => void) {
  useLayoutEffect(() => {
    for (const input of typed.inputs) {
      if (input.value !== '') form.setValue(input.name as Path<T>, input.value as PathValue<T, Path<T>>, { shouldDirty: true });
    }
    const caret = typed.caret;
    if (!caret) return;
    const replaced = typed.inputs.find((i) => i.name === caret.name);
    form.setFocus(caret.name as Path<T>);
    const now = document.activeElement;
    if (now instanceof HTMLInputElement && now.name === caret.name) {
      try {
        now.setSelectionRange(replaced?.selectionStart ?? caret.start, replaced?.selectionEnd ?? caret.end);
      } catch {
        // type="email" inputs have no selection range: the focus is enough.
      }
    }
  }, [typed, form]);
  useEffect(() => {
    if (typed.inputs.some((i) => i.value !== '')) markEdited();
  }, [typed, markEdited]);
}
