// REQ-UI-7: where a form has validation errors only the first message is shown, in a banner. The
// step form that shows the banner publishes its validation messages here; a control whose message is one of them is
// still marked (aria-invalid, red border, described by the banner) but shows no message of its own. Controls outside
// such a form, and messages that are not validation (an upload that failed, a refused check), show as before.
import { useSyncExternalStore } from 'react';

export const FORM_BANNER_ID = 'form-error-banner';

type Published = { owner: symbol; messages: ReadonlySet<string> };
let current: Published | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** The banner form `owner` now has these validation messages (empty: none); null when it leaves the page. */
export function publishFormMessages(owner: symbol, messages: readonly string[] | null) {
  if (messages === null) {
    if (current?.owner !== owner) return;
    current = null;
  } else {
    const same = current?.owner === owner && current.messages.size === messages.length && messages.every((m) => current!.messages.has(m));
    if (same) return;
    current = { owner, messages: new Set(messages) };
  }
  notify();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** True when `error` is a validation message the form's banner stands for: the control shows no text of its own. */
export function useInBanner(error: string | undefined): boolean {
  const published = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return !!error && !!published?.messages.has(error);
}
