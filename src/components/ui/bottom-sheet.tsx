import { type ReactNode, type KeyboardEvent, type MouseEvent, useId, useLayoutEffect, useRef } from 'react';
import { Button } from './button';
import { cx } from './class-names';
import { CloseIcon } from './icons';
import { t } from '../../i18n';
import { msg } from '../../../contracts/msg';
import { keepFocusOn } from '../../lib/focus-keeper';

export type BottomSheetProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'full' fills the screen (file preview); 'sheet' slides up from the bottom. */
  size?: 'sheet' | 'full';
  className?: string;
  closeLabel?: string;
  /** The dialog's accessible name when the visible title alone does not say what it is for. */
  ariaLabel?: string;
};

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * REQ-UI-4 modal: title, close button, slides up from the bottom (min 450 px wide from 1024 px, REQ-UI-5).
 * A native <dialog> opened with showModal(), so the page behind is inert and focus stays inside.
 * Focus goes to the first `[data-autofocus]` element, else the first control of the body, else the
 * close button; it returns to where it was when the sheet closes. Esc, the close button and a tap on
 * the backdrop call onClose; the parent owns `open`.
 */
export function BottomSheet(props: BottomSheetProps) {
  if (!props.open) return null;
  return <OpenSheet {...props} />;
}

function OpenSheet({ title, onClose, children, size = 'sheet', className, closeLabel = msg('Close'), ariaLabel }: BottomSheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current!;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      try {
        dialog.showModal();
      } catch {
        dialog.setAttribute('open', '');
      }
    }
    const target =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>(`.ui-sheet__body :is(${FOCUSABLE})`) ??
      dialog.querySelector<HTMLElement>('.ui-sheet__close');
    target?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // The trigger may be busy (disabled) or replaced as the sheet closes: the focus waits for it, never the page.
      if (previous) keepFocusOn(previous, 15_000);
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    onClose();
  };
  const onBackdrop = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={cx('ui-sheet', `ui-sheet--${size}`, className)}
      aria-labelledby={ariaLabel ? undefined : titleId}
      aria-label={ariaLabel}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={onBackdrop}
    >
      <div className="ui-sheet__panel">
        <div className="ui-sheet__header">
          <h2 id={titleId} className="ui-sheet__title">
            {title}
          </h2>
          <Button variant="ghostBlack" size="icon" className="ui-sheet__close" aria-label={t(closeLabel)} onClick={onClose}>
            <CloseIcon />
          </Button>
        </div>
        <div className="ui-sheet__body">{children}</div>
      </div>
    </dialog>
  );
}
