import type { ComponentPropsWithRef } from 'react';
import { cx } from './class-names';

export type ButtonVariant = 'default' | 'outline' | 'ghost' | 'ghostBlack' | 'ghostBlackOutline' | 'link';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon' | 'link';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled, marked aria-busy and shows `busyText` (or its children). */
  busy?: boolean;
  busyText?: string;
};

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Class names for a button look, also usable on a link that should look like a button. */
export const buttonClassName = (variant: ButtonVariant = 'default', size: ButtonSize = 'default', extra?: string) =>
  cx('ui-btn', `ui-btn--${kebab(variant)}`, `ui-btn--size-${size}`, extra);

/** Platform §2 button. `type` defaults to "button" so a button inside a form never submits by accident. */
export function Button({ variant, size, busy = false, busyText, className, disabled, children, type = 'button', ref, ...rest }: ButtonProps) {
  return (
    <button ref={ref} type={type} className={buttonClassName(variant, size, className)} disabled={disabled || busy}
      aria-busy={busy || undefined} {...rest}>
      {busy && <span className="ui-btn__spinner" aria-hidden="true" />}
      {busy && busyText ? busyText : children}
    </button>
  );
}
