import { useCallback, useSyncExternalStore } from 'react';

/** The select opens as a modal below 576 px (REQ-UI-5). */
export const NARROW_SCREEN_QUERY = '(max-width: 575.98px)';

const mediaQuery = (query: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/** Whether a CSS media query matches now; re-renders when that changes. False where matchMedia is missing. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const mql = mediaQuery(query);
      if (!mql) return () => {};
      mql.addEventListener?.('change', notify);
      return () => mql.removeEventListener?.('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery(query)?.matches ?? false,
    () => false,
  );
}
