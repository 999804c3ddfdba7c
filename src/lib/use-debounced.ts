import { useEffect, useState } from 'react';

/** The value as it was `delayMs` after it last changed (select search: 300 ms, REQ-UI-5). */
export function useDebounced<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
