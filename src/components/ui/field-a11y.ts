import { useId } from 'react';
import { cx } from './class-names';
import { FORM_BANNER_ID, useInBanner } from './field-messages';

/**
 * Ids and aria attributes tying a control to its label and error message. A message the form's banner stands for
 * (field-messages.ts) is not repeated under the field: the field is described by the banner instead.
 */
export function useFieldA11y(id: string | undefined, error: string | undefined, describedBy: string | undefined) {
  const autoId = useId();
  const controlId = id ?? `f${autoId.replace(/:/g, '')}`;
  const errorId = `${controlId}-error`;
  const inBanner = useInBanner(error);
  return {
    controlId,
    errorId,
    /** The message to show under the field: none when the banner stands for it. */
    shown: inBanner ? undefined : error,
    aria: {
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': cx(describedBy, error && (inBanner ? FORM_BANNER_ID : errorId)) || undefined,
    },
  };
}
