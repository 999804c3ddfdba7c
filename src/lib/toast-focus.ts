// A toast that has closed leaves the Tab order. react-toastify keeps a closing toast in the page (tabIndex 0,
// its close button) until its exit animation ends, and the end may never come (a hidden tab, an animation cut short),
// so a keyboard user tabbed into toasts already gone. A closing toast is made inert at once.
const GONE = '.Toastify__toast[data-in="false"]';

function markGone(root: ParentNode) {
  for (const el of root.querySelectorAll<HTMLElement>(GONE)) {
    if (el.hasAttribute('inert')) continue;
    el.setAttribute('inert', '');
    el.setAttribute('aria-hidden', 'true');
    if (el.contains(document.activeElement)) (document.activeElement as HTMLElement | null)?.blur();
  }
}

/** Watches `root` for toasts that close; returns stop. */
export function keepClosedToastsOutOfTabOrder(root: HTMLElement = document.body): () => void {
  markGone(root);
  // Only changes inside the toast container are looked at: the app's own DOM changes cost one closest() each.
  const observer = new MutationObserver((changes) => {
    if (changes.some((c) => (c.target as Element).closest?.('.Toastify'))) markGone(root);
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-in'] });
  return () => observer.disconnect();
}
