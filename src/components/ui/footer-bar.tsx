import type { ReactNode } from 'react';
import { cx } from './class-names';

export type FooterBarProps = { children: ReactNode; className?: string };

/**
 * Platform §2 fixed bottom action bar. A spacer of the bar's usual height is rendered in the flow so
 * the last fields of a form are never hidden under it.
 */
export function FooterBar({ children, className }: FooterBarProps) {
  return (
    <>
      <div className="ui-footer-bar__spacer" aria-hidden="true" />
      <div className={cx('ui-footer-bar', className)}>
        {children}
      </div>
    </>
  );
}
