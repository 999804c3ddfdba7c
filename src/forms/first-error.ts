// One banner names the first wrong field as the page shows it (not as the schema lists it), with the count,
// and that field gets the focus. REQ-UI-7: only the first message is shown, with the error count.
import type { FieldErrors } from 'react-hook-form';
import { t } from '../i18n';

export type FieldIssue = { name: string; message: string };

/** Every field message of a form's errors, nested ones (references.0.name) by their dotted name. */
export function fieldIssues(errors: FieldErrors, prefix = ''): FieldIssue[] {
  return Object.entries(errors).flatMap(([key, e]) => {
    if (!e || typeof e !== 'object') return [];
    const name = prefix ? `${prefix}.${key}` : key;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && message) return [{ name, message }];
    return fieldIssues(e as FieldErrors, name);
  });
}

/**
 * The control of a field on the page: what react-hook-form registered under that name (inputs and select triggers), or
 * the control that stands for it (`data-error-for`: the Aadhaar input carries the errors of aadhaar_last4).
 */
export const controlOf = (name: string, root: ParentNode = document) => {
  const n = CSS.escape(name);
  return root.querySelector<HTMLElement>(`[name="${n}"], [data-error-for="${n}"]`);
};

const bringToFocus = (el: HTMLElement) => {
  el.focus({ preventScroll: true });
  el.scrollIntoView?.({ block: 'center' });
};

/**
 * The field to correct on this screen: its control when it takes typing, else its check row's Verify while that can be
 * tapped (the mobile number is not typed here), else the control as it is. False when the screen has none of them.
 */
export function focusToCorrect(field: string, root: ParentNode = document): boolean {
  const control = controlOf(field, root) as HTMLInputElement | null;
  const verify = root.querySelector<HTMLButtonElement>(`button[aria-describedby="${CSS.escape(field)}-state"]:not(:disabled)`);
  const el = control && !control.readOnly && !control.disabled ? control : (verify ?? control);
  if (!el) return false;
  bringToFocus(el);
  return true;
}

/** The issues in the order their fields stand on the page; fields not on the page come last, in schema order. */
export function inPageOrder(issues: FieldIssue[], root: ParentNode = document): FieldIssue[] {
  const placed = issues.map((issue, i) => ({ issue, i, el: controlOf(issue.name, root) }));
  return placed
    .sort((a, b) => {
      if (a.el && b.el && a.el !== b.el) return a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
      if (a.el && !b.el) return -1;
      if (!a.el && b.el) return 1;
      return a.i - b.i;
    })
    .map((p) => p.issue);
}

/** The banner: the first message, and how many there are when more than one. */
export const bannerOf = (issues: FieldIssue[]): string | undefined =>
  issues.length === 0
    ? undefined
    : issues.length === 1
      ? t(issues[0]!.message)
      : t('{message} (1 of {count} to fix)', { message: t(issues[0]!.message), count: issues.length });

/** Moves the focus to the first wrong field (its control, else its message) and brings it into view. */
export function focusFirst(issues: FieldIssue[], root: ParentNode = document) {
  const first = issues[0];
  if (!first) return;
  const el = controlOf(first.name, root);
  if (el) bringToFocus(el);
}
