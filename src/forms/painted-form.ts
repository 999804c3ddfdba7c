// A form painted before its code (the first download): a long public form shows its fields at once, as plain
// inputs that take typing, while react-hook-form (15 KB gzip) loads after the first paint. When the real form replaces
// them, what was typed, the focused field and its caret move into it, so nothing typed in between is lost.
import { useEffect, useLayoutEffect, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/** Mark the painted form with `{...{ [PAINTED_FORM]: id }}`; the real form reads it by the same id. */
export const PAINTED_FORM = 'data-painted-form';

function textInputs(form: HTMLFormElement | null): HTMLInputElement[] {
  if (!form) return [];
  return [...form.querySelectorAll('input')].filter((i) => i.name && i.type !== 'file' && i.type !== 'checkbox' && i.type !== 'radio');
}

/**
 * Call in the real form's component, after `useForm`. Its first render finds the painted inputs (still in the document
 * then). After the swap, before the browser paints: what the replaced inputs hold (every keystroke up to the commit)
 * goes into the form as the visitor's edits (dirty, so a typed pincode is looked up and the draft is saved), the focus
 * and caret go back where they were, and the draft is told that the visitor has typed (so it wins over a stored draft,
 * as any typing before the draft's read does, use-draft.ts).
 */
export function usePaintedTakeOver<T extends FieldValues>(id: string, form: UseFormReturn<T>, markEdited: () => void) {
  const [typed] = useState(() => {
    const inputs = textInputs(document.querySelector<HTMLFormElement>(`form[${PAINTED_FORM}="${id}"]`));
    return { inputs, focused: inputs.find((i) => i === document.activeElement) };
  });
  useLayoutEffect(() => {
    for (const input of typed.inputs) {
      if (input.value !== '') form.setValue(input.name as Path<T>, input.value as PathValue<T, Path<T>>, { shouldDirty: true });
    }
    const was = typed.focused;
    if (!was) return;
    form.setFocus(was.name as Path<T>);
    const now = document.activeElement;
    if (now instanceof HTMLInputElement && now.name === was.name) {
      try {
        now.setSelectionRange(was.selectionStart, was.selectionEnd);
      } catch {
        // type="email" inputs have no selection range: the focus is enough.
      }
    }
  }, [typed, form]);
  useEffect(() => {
    if (typed.inputs.some((i) => i.value !== '')) markEdited();
  }, [typed, markEdited]);
}
