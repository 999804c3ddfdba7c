import type { ComponentPropsWithRef } from 'react';
import { cx } from './class-names';
import { useAutofill } from './own-fields';
import { useFieldA11y } from './field-a11y';
import { FieldError } from './field-error';
import { t } from '../../i18n';

export type FloatingTextareaProps = ComponentPropsWithRef<'textarea'> & {
  label: string;
  error?: string;
  className?: string;
};

/** REQ-UI-4 floating-label text area; same contract as FloatingInput. */
export function FloatingTextarea({
  label,
  error,
  className,
  id,
  placeholder,
  rows = 3,
  'aria-describedby': describedBy,
  ref,
  ...rest
}: FloatingTextareaProps) {
  const { controlId, errorId, aria, shown } = useFieldA11y(id, error, describedBy);
  const autofill = useAutofill(rest.name, rest.autoComplete);
  return (
    <div className={cx('ui-float', 'ui-float--textarea', error && 'ui-float--error', placeholder && 'ui-float--pinned', className)}>
      <textarea
        ref={ref}
        id={controlId}
        rows={rows}
        className="ui-float__control"
        placeholder={placeholder ?? ' '}
        {...aria}
        {...rest}
        autoComplete={autofill}
      />
      <label className="ui-float__label" htmlFor={controlId}>
        {t(label)}
      </label>
      <FieldError id={errorId} error={shown} />
    </div>
  );
}
