import type { ComponentPropsWithRef } from 'react';
import { cx } from './class-names';
import { useAutofill } from './own-fields';
import { useFieldA11y } from './field-a11y';
import { FieldError } from './field-error';
import { applyMask, type InputMask, maskOf } from './input-masks';
import { t } from '../../i18n';

export type FloatingInputProps = ComponentPropsWithRef<'input'> & {
  label: string;
  /** Message shown under the field; marks it aria-invalid and describes it. */
  error?: string;
  /** Class of the wrapper (the input itself keeps `ui-float__control`). */
  className?: string;
  /** What the field keeps (input-masks.ts); by default numeric inputs keep digits and `autoCapitalize="characters"` upper case. */
  mask?: InputMask;
};

/** A floated label longer than this may take two lines at 320 px: its box leaves room for both above the value. */
const LONG_LABEL = 40;

/**
 * REQ-UI-4 floating-label text input. Spread `register('name')` into it: the ref reaches the <input>.
 * The label sits inside the box while it is empty and unfocused, and floats above the value otherwise
 * (driven by :placeholder-shown, so it also follows values set by react-hook-form without a re-render).
 */
export function FloatingInput({
  label,
  error,
  className,
  id,
  placeholder,
  mask,
  onChange,
  maxLength,
  'aria-describedby': describedBy,
  ref,
  ...rest
}: FloatingInputProps) {
  const { controlId, errorId, aria, shown } = useFieldA11y(id, error, describedBy);
  const autofill = useAutofill(rest.name, rest.autoComplete);
  const kept = maskOf({ mask, ...rest });
  // The mask runs before the form reads the event, so what is shown is what is kept; a masked field holds its length
  // limit itself, after the mask (applyMask), so a paste with spaces or commas is not cut short by the browser first.
  const ownLimit = kept !== 'none' && !!onChange;
  const masked: typeof onChange = !ownLimit
    ? onChange
    : (e) => {
        applyMask(e.currentTarget, kept, maxLength);
        onChange(e);
      };
  return (
    <div
      className={cx(
        'ui-float',
        error && 'ui-float--error',
        placeholder && 'ui-float--pinned',
        label.length > LONG_LABEL && 'ui-float--long',
        className,
      )}
    >
      {/* Off unless the field names its purpose: staff type borrowers' mobiles, dates of birth and amounts here, and the
          browser's autofill store keeps them outside the encrypted one. A visitor's own fields name their purposes. */}
      <input
        ref={ref}
        id={controlId}
        className="ui-float__control"
        placeholder={placeholder ?? ' '}
        {...aria}
        {...rest}
        autoComplete={autofill}
        maxLength={ownLimit ? undefined : maxLength}
        onChange={masked}
      />
      <label className="ui-float__label" htmlFor={controlId}>
        {t(label)}
      </label>
      <FieldError id={errorId} error={shown} />
    </div>
  );
}
