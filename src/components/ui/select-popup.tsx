import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useDebounced } from '../../lib/use-debounced';
import { cx } from './class-names';
import { TickIcon } from './icons';
import { t } from '../../i18n';

export type SelectOption<V extends string | number = string> = { value: V; label: string; disabled?: boolean };

export const SEARCH_DEBOUNCE_MS = 300;

type Props<V extends string | number> = {
  options: readonly SelectOption<V>[];
  value: V | null | undefined;
  searchable: boolean;
  listId: string;
  labelledBy: string;
  /** In the dropdown the popup focuses itself; in the modal the sheet does it through data-autofocus. */
  focusOnMount: boolean;
  inSheet: boolean;
  onChoose: (value: V) => void;
  onDismiss: () => void;
};

const matches = (label: string, query: string) => label.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase());

/** Search box and option list shared by the dropdown and the narrow-screen modal. */
export function SelectPopup<V extends string | number>({
  options,
  value,
  searchable,
  listId,
  labelledBy,
  focusOnMount,
  inSheet,
  onChoose,
  onDismiss,
}: Props<V>) {
  const [query, setQuery] = useState('');
  const debouncedQuery = useDebounced(query, SEARCH_DEBOUNCE_MS);
  const visible = useMemo(
    () => (debouncedQuery.trim() ? options.filter((o) => matches(o.label, debouncedQuery)) : options),
    [options, debouncedQuery],
  );
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      visible.findIndex((o) => o.value === value),
    ),
  );
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter result starts again at its first option.
  useEffect(() => setActive(0), [debouncedQuery]);
  useEffect(() => {
    if (focusOnMount) (searchRef.current ?? listRef.current)?.focus();
  }, [focusOnMount]);
  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const optionId = (i: number) => `${listId}-o${i}`;
  const move = (from: number, step: 1 | -1) => {
    for (let i = from + step; i >= 0 && i < visible.length; i += step) if (!visible[i]!.disabled) return setActive(i);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const inSearch = e.currentTarget === searchRef.current;
    switch (e.key) {
      case 'ArrowDown':
        move(active, 1);
        break;
      case 'ArrowUp':
        move(active, -1);
        break;
      case 'Home':
        if (inSearch) return;
        move(-1, 1);
        break;
      case 'End':
        if (inSearch) return;
        move(visible.length, -1);
        break;
      case 'Enter': {
        const option = visible[active];
        if (option && !option.disabled) onChoose(option.value);
        break;
      }
      case 'Escape':
        onDismiss();
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  };

  const activeId = visible[active] ? optionId(active) : undefined;
  return (
    <div className={cx('ui-select__popup', inSheet && 'ui-select__popup--sheet')}>
      {searchable && (
        <input
          ref={searchRef}
          type="search"
          className="ui-select__search"
          placeholder={t('Search...')}
          aria-label={t('Search options')}
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          data-autofocus=""
        />
      )}
      {visible.length === 0 ? (
        <p className="ui-select__empty" role="status">
          {t('No options found')}
        </p>
      ) : (
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-labelledby={labelledBy}
          className="ui-select__list"
          tabIndex={searchable ? -1 : 0}
          aria-activedescendant={searchable ? undefined : activeId}
          onKeyDown={onKeyDown}
          data-autofocus={searchable ? undefined : ''}
        >
          {visible.map((o, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the listbox / search box (aria-activedescendant).
            <div
              key={String(o.value)}
              id={optionId(i)}
              data-index={i}
              role="option"
              tabIndex={-1}
              aria-selected={o.value === value}
              aria-disabled={o.disabled || undefined}
              className={cx('ui-select__option', i === active && 'is-active')}
              onMouseMove={() => i !== active && !o.disabled && setActive(i)}
              onClick={() => !o.disabled && onChoose(o.value)}
            >
              <span>{o.label}</span>
              {o.value === value && <TickIcon size={18} />}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
