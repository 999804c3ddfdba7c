import { type Ref, useEffect, useId, useRef, useState } from 'react';
import { BottomSheet } from './bottom-sheet';
import { cx } from './class-names';
import { useFieldA11y } from './field-a11y';
import { FieldError } from './field-error';
import { ChevronDownIcon, CloseIcon } from './icons';
import { type SelectOption, SelectPopup } from './select-popup';
import { NARROW_SCREEN_QUERY, useMediaQuery } from './use-media-query';
import { t } from '../../i18n';
import { msg } from '../../../contracts/msg';

export type { SelectOption };

export type SelectProps<V extends string | number = string> = {
  options: readonly SelectOption<V>[];
  value: V | null | undefined;
  /** Called with the chosen value, or null when cleared. */
  onChange: (value: V | null) => void;
  onBlur?: () => void;
  label?: string;
  placeholder?: string;
  searchable?: boolean;
  clearable?: boolean;
  disabled?: boolean;
  error?: string;
  id?: string;
  name?: string;
  className?: string;
  /** Reaches the trigger button, so react-hook-form can focus the field with an error. */
  ref?: Ref<HTMLButtonElement>;
};

/**
 * REQ-UI-5 select: a button opening a listbox (optional search, 'No options found', clear button). Below 576 px the
 * list opens in a BottomSheet titled 'Select'; a screen reader hears 'Select <label>', so the sheet still says which
 * field it fills. Use it directly as a Controller's render: `<Controller render={({ field }) => <Select {...field} options={…} />} />`.
 */
export function Select<V extends string | number = string>({
  options,
  value,
  onChange,
  onBlur,
  label,
  placeholder = msg('Select'),
  searchable = false,
  clearable = true,
  disabled,
  error,
  id,
  name,
  className,
  ref,
}: SelectProps<V>) {
  const [open, setOpen] = useState(false);
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const { controlId, errorId, aria, shown } = useFieldA11y(id, error, undefined);
  const uid = useId();
  const labelId = `${controlId}-label`;
  const valueId = `${controlId}-value`;
  const listId = `${controlId}-list${uid.replace(/:/g, '')}`;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const selected = options.find((o) => o.value === value);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };
  const choose = (v: V) => {
    onChange(v);
    close(true);
  };

  useEffect(() => {
    if (!open || narrow) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    // Tabbing out of the open dropdown closes it (a click elsewhere gives no relatedTarget and is handled above).
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget && !rootRef.current?.contains(e.relatedTarget as Node)) setOpen(false);
    };
    const root = rootRef.current;
    document.addEventListener('pointerdown', onPointerDown);
    root?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      root?.removeEventListener('focusout', onFocusOut);
    };
  }, [open, narrow]);

  const setTriggerRef = (el: HTMLButtonElement | null) => {
    triggerRef.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };

  const popup = (inSheet: boolean) => (
    <SelectPopup
      options={options}
      value={value}
      searchable={searchable}
      listId={listId}
      labelledBy={label ? labelId : valueId}
      focusOnMount={!inSheet}
      inSheet={inSheet}
      onChoose={choose}
      onDismiss={() => close(true)}
    />
  );

  return (
    <div ref={rootRef} className={cx('ui-select', open && 'is-open', error && 'ui-select--error', disabled && 'is-disabled', className)}>
      <div className="ui-select__box">
        <button
          ref={setTriggerRef}
          id={controlId}
          name={name}
          type="button"
          className="ui-select__trigger"
          disabled={disabled}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open && !narrow ? listId : undefined}
          aria-labelledby={cx(label && labelId, valueId)}
          {...aria}
          onClick={() => setOpen((o) => !o)}
          onKeyDown={(e) => {
            if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !open) {
              e.preventDefault();
              setOpen(true);
            }
          }}
          onBlur={() => !open && onBlur?.()}
        >
          {label && (
            <span id={labelId} className="ui-select__label">
              {t(label)}
            </span>
          )}
          {/* A space between label and value: the visible text reads 'Title Select', as its name does (WCAG 2.5.3). */}
          {label && ' '}
          <span id={valueId} className={cx('ui-select__value', !selected && 'is-placeholder')}>
            {selected ? t(selected.label) : t(placeholder)}
          </span>
        </button>
        {clearable && selected && !disabled && (
          <button
            type="button"
            className="ui-select__clear"
            aria-label={label == null ? t('Clear selection') : t('Clear {item}', { item: label })}
            onClick={() => {
              onChange(null);
              setOpen(false);
              triggerRef.current?.focus();
            }}
          >
            <CloseIcon size={18} />
          </button>
        )}
        <span className="ui-select__chevron" aria-hidden="true">
          <ChevronDownIcon size={18} />
        </span>
      </div>
      {open && !narrow && popup(false)}
      <BottomSheet
        open={open && narrow}
        title={t('Select')}
        ariaLabel={label ? t('Select {item}', { item: label }) : undefined}
        onClose={() => close(false)}
        className="ui-select__sheet"
      >
        {popup(true)}
      </BottomSheet>
      <FieldError id={errorId} error={shown} />
    </div>
  );
}
