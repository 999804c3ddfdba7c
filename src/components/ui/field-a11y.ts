import { useId } from 'react';
import { cx } from './class-names';

/** Ids and aria attributes tying a control to its label and error message. */
export function useFieldA11y(id: string | undefined, error: string | undefined, describedBy: string | undefined) {
  const autoId = useId();
  const controlId = id ?? `f${autoId.replace(/:/g, '')}`;
  const errorId = `${controlId}-error`;
  return {
    controlId,
    errorId,
    aria: {
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': cx(describedBy, error && errorId) || undefined,
    },
  };
}
