import type { ReactNode } from 'react';
import { cx } from './class-names';

export type FooterBarProps = { children: ReactNode; className?: string };

/**
 * REQ-UI-4 fixed bottom action bar. While one is on the page the page keeps room for it at its bottom and scrolls a
 * focused field clear of it (ui.css, `body:has(.ui-footer-bar)`), so nothing after the form hides under it either; on a
 * short viewport (a landscape phone, or an on-screen keyboard that shrinks the page) it sits in the flow instead.
 */
export function FooterBar({ children, className }: FooterBarProps) {
  return <div className={cx('ui-footer-bar', className)}>{children}</div>;
}
