import type { ReactNode } from 'react';
import { localized } from '../../i18n';
import { cx } from './class-names';

export type MessageVariant = 'default' | 'warning' | 'error' | 'success' | 'info';

export type MessageLineProps = { variant?: MessageVariant; children?: ReactNode; className?: string; id?: string };

/** REQ-UI-4 coloured message line. Errors are announced at once (alert); the rest politely (status). */
export function MessageLine({ variant = 'default', children, className, id }: MessageLineProps) {
  return (
    <p id={id} role={variant === 'error' ? 'alert' : 'status'} className={cx('ui-msg', `ui-msg--${variant}`, className)}>
      {typeof children === 'string' ? localized(children) : children}
    </p>
  );
}
