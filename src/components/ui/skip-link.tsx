// 'Skip to content' under a hash router. A plain href="#main" is read by the router as a route (the visitor
// landed on /#/login); this moves the focus to the target instead and leaves the URL alone.
import type { ReactNode } from 'react';
import { t } from '../../i18n';

export function SkipLink({ target }: { target: string }) {
  return (
    <a
      className="skip-link"
      href={`#${target}`}
      onClick={(e) => {
        e.preventDefault();
        const el = document.getElementById(target);
        el?.focus();
        el?.scrollIntoView?.({ block: 'start' });
      }}
    >
      {t('Skip to content')}
    </a>
  );
}

/** The target of a SkipLink: focusable by script only (tabIndex -1), so Tab order is unchanged. */
export function SkipTarget({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} tabIndex={-1} className="skip-target">
      {children}
    </div>
  );
}
