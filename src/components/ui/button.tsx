import { type ComponentPropsWithRef, useId } from 'react';
import { cx } from './class-names';
import { MessageLine } from './message-line';

export type ButtonVariant = 'default' | 'outline' | 'ghost' | 'ghostBlack' | 'ghostBlackOutline' | 'link';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon' | 'link';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled, marked aria-busy and shows `busyText` (or its children). */
  busy?: boolean;
  busyText?: string;
  /**
   * Why the button is disabled (a disabled primary action says why, next to it). While the button is
   * disabled and not busy the reason stands just before it, and the button is described by it (aria-describedby).
   */
  reason?: string | null;
};

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Class names for a button look, also usable on a link that should look like a button. */
export const buttonClassName = (variant: ButtonVariant = 'default', size: ButtonSize = 'default', extra?: string) =>
  cx('ui-btn', `ui-btn--${kebab(variant)}`, `ui-btn--size-${size}`, extra);

/** REQ-UI-4 button. `type` defaults to "button" so a button inside a form never submits by accident. */
export function Button({
  variant,
  size,
  busy = false,
  busyText,
  className,
  disabled,
  children,
  type = 'button',
  ref,
  reason,
  ...rest
}: ButtonProps) {
  const reasonId = useId();
  const why = disabled && !busy && reason ? reason : null;
  const button = (
    <button
      ref={ref}
      type={type}
      className={buttonClassName(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
      aria-describedby={why ? cx(reasonId, rest['aria-describedby']) : rest['aria-describedby']}
    >
      {busy && <span className="ui-btn__spinner" aria-hidden="true" />}
      {busy && busyText ? busyText : children}
    </button>
  );
  return (
    <>
      {why && (
        <MessageLine variant="warning" id={reasonId} className="ui-btn-reason">
          {why}
        </MessageLine>
      )}
      {button}
    </>
  );
}
