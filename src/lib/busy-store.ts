// Counts blocking calls in flight; the app shows the full-screen loading overlay while it is above zero.
import { useSyncExternalStore } from 'react';

let inFlight = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export async function whileBusy<T>(work: Promise<T>): Promise<T> {
  inFlight += 1;
  emit();
  try {
    return await work;
  } finally {
    inFlight -= 1;
    emit();
  }
}

/** True while a blocking call is in flight (the overlay shows). */
export const isBusy = () => inFlight > 0;

export function useBusy(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => inFlight > 0,
    () => false,
  );
}
