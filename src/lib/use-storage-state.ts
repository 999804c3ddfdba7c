// How much this origin stores against its quota, and whether the browser promised not to evict it.
import { useCallback, useEffect, useState } from 'react';
import { msg } from '../../contracts/msg';

/**
 * Navigator.storage.persist() refused (the browser decides by itself, without asking the officer). What it
 * means for them: work not yet sent can be deleted by the phone when space runs low; sending it is the protection.
 */
export const NOT_PERSISTED_TEXT = msg(
  'The phone may delete work saved here that is not sent yet, if it runs low on space: this browser has not promised to keep it. Send your work whenever you are online. Adding the app to the home screen usually makes the browser keep it.',
);

export type StorageState = { usage: number | null; quota: number | null; persisted: boolean | null };

export async function readStorageState(storage: StorageManager | undefined = navigator.storage): Promise<StorageState> {
  const state: StorageState = { usage: null, quota: null, persisted: null };
  try {
    const est = await storage?.estimate?.();
    state.usage = est?.usage ?? null;
    state.quota = est?.quota ?? null;
  } catch {
    // estimate not available
  }
  try {
    state.persisted = storage?.persisted ? await storage.persisted() : null;
  } catch {
    state.persisted = null;
  }
  return state;
}

/** Re-reads whenever `version` changes (e.g. the outbox count) and after `requestPersist`. */
export function useStorageState(version: unknown) {
  const [state, setState] = useState<StorageState>({ usage: null, quota: null, persisted: null });
  const refresh = useCallback(() => void readStorageState().then(setState), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the refresh trigger
  useEffect(refresh, [refresh, version]);
  const requestPersist = useCallback(async () => {
    try {
      await navigator.storage?.persist?.();
    } finally {
      refresh();
    }
  }, [refresh]);
  return { ...state, requestPersist };
}
