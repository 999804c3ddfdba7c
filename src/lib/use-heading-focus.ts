// After a screen change the keyboard and the screen reader start at the new screen's heading, not at the top of the
// page (the element that led there, a button or a link, is usually gone with the old screen, which drops the focus
// to <body>). The heading is focusable by script only (tabIndex -1), so the Tab order is unchanged.
import { useEffect, useRef } from 'react';

/** How long a screen may take to paint its heading (its code and its data load on demand). */
const WAIT_MS = 5000;

/** The screen's own heading: its first h1, else its first h2, never one inside a dialog or sheet. */
export function screenHeading(root: ParentNode): HTMLElement | null {
  for (const sel of ['h1', 'h2']) {
    for (const h of root.querySelectorAll<HTMLElement>(sel)) if (!h.closest('[role=dialog], [hidden]')) return h;
  }
  return null;
}

/**
 * Moves the focus to the heading inside `root` once it is painted, unless the focus is (or gets) somewhere inside the
 * screen already (a field the screen focuses itself). A heading replaced while the screen loads (a 'loading' state,
 * then the screen) passes the focus on to its successor. `before` had the focus before the change was painted: the old
 * screen, kept on view while the new one loads, may still hold it. Stops when the person acts, or after `waitMs`.
 */
export function focusHeadingWhenPainted(root: HTMLElement, before: Element | null, waitMs = WAIT_MS): () => void {
  let heading: HTMLElement | null = null;
  const dropped = () => {
    const a = document.activeElement;
    return !a || a === document.body || !a.isConnected;
  };
  const tryFocus = () => {
    const a = document.activeElement;
    if (heading ? a !== heading && !dropped() : a !== root && a !== before && !dropped() && root.contains(a)) return stop();
    const h = screenHeading(root);
    if (!h || h === a) return;
    if (!h.hasAttribute('tabindex')) h.tabIndex = -1;
    h.focus();
    heading = h;
  };
  const observer = new MutationObserver(tryFocus);
  const events = ['pointerdown', 'keydown'] as const;
  // Once the person acts, the screen is theirs: no focus is moved after that.
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const e of events) window.removeEventListener(e, stop, true);
  };
  const timer = setTimeout(stop, waitMs);
  for (const e of events) window.addEventListener(e, stop, true);
  observer.observe(root, { childList: true, subtree: true });
  tryFocus();
  return stop;
}

/** Focuses the heading of the screen inside the element `rootId` whenever `screenKey` (the route's path) changes. */
export function useHeadingFocus(rootId: string, screenKey: string) {
  // Read while rendering the change, before the new screen is committed (and before a field it focuses itself has it).
  const seen = useRef<{ key: string; before: Element | null } | null>(null);
  if (seen.current?.key !== screenKey) seen.current = { key: screenKey, before: document.activeElement };
  // biome-ignore lint/correctness/useExhaustiveDependencies: screenKey is the trigger: a new screen, a new heading.
  useEffect(() => {
    const root = document.getElementById(rootId);
    return root ? focusHeadingWhenPainted(root, seen.current?.before ?? null) : undefined;
  }, [rootId, screenKey]);
}
