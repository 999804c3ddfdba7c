// The focus never drops to the page while a control is busy or replaced. A control that had the focus (the trigger of
// a sheet, a check's button, a file input) can be disabled while its work runs (the browser then moves the focus to
// <body>) or replaced once it is done (a picked file's input gives way to its Clear button). Kept, the focus returns
// to the control when it can take it again, or to the first control of its group (`data-focus-group`) when it is gone.
export const FOCUS_GROUP_ATTR = 'data-focus-group';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const canFocus = (el: HTMLElement) =>
  el.isConnected && !(el as HTMLButtonElement).disabled && !el.closest('[inert], [hidden]') && el.matches(FOCUSABLE);

/** The focus is on nothing (the page itself), or on something on its way out (inside a dialog being closed). */
const dropped = () => {
  const a = document.activeElement;
  return !a || a === document.body || !a.isConnected || !!a.closest('dialog:not([open])');
};

/**
 * Keeps the focus with `el` for up to `waitMs`: whenever it drops to the page, it goes back to `el` (once `el` can
 * take it) or to the first focusable control of `el`'s group. Stops as soon as anything else holds the focus (the
 * person moved on, a new screen took it) or the person taps. Returns the stop.
 */
export function keepFocusOn(el: HTMLElement, waitMs = 60_000): () => void {
  const group = el.closest<HTMLElement>(`[${FOCUS_GROUP_ATTR}]`);
  const check = () => {
    const a = document.activeElement;
    if (a === el || (a && group?.contains(a) && a !== group)) return;
    if (!dropped()) return stop();
    if (canFocus(el)) el.focus();
    else if (!el.isConnected && group?.isConnected) {
      const next = [...group.querySelectorAll<HTMLElement>(FOCUSABLE)].find(canFocus);
      next?.focus();
    } else if (!el.isConnected) stop();
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled', 'hidden', 'inert', 'open'],
  });
  // A tap elsewhere is the person choosing where to go next.
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    window.removeEventListener('pointerdown', stop, true);
  };
  const timer = setTimeout(stop, waitMs);
  window.addEventListener('pointerdown', stop, true);
  check();
  return stop;
}
