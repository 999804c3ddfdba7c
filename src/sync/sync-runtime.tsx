// One sync runtime per signed-in user: their database, the engine that replays their outbox, and the prefetch.
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { UserDbProvider } from '../db/user-db-context';
import type { UserDb } from '../db/user-db';
import { pageLock } from '../lib/page-lock';
import { prefetchForOffline } from './prefetch';
import type { SyncEngine } from './engine';
import type { Transport } from './transport';
import { requestBackgroundSync } from './wake';

export type SyncRuntime = { db: UserDb; engine: SyncEngine; transport: Transport; prefetch: () => Promise<void> };

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again to send the work saved on this phone.';

const SyncRuntimeContext = createContext<SyncRuntime | null>(null);
export const useSyncRuntime = () => useContext(SyncRuntimeContext);

/** The user database is keyed by host (the tenant) and user id, so a shared phone keeps officers apart. */
export const userDbKey = (userId: number | string) => ({ tenant: window.location.host, user: String(userId) });

async function createRuntime(userId: number): Promise<SyncRuntime> {
  const key = userDbKey(userId);
  // Encrypted at rest with the officer's data key (issue 9): nothing personal is readable until the PIN unlocks it.
  // The ciphers and the engine load beside the first screen, not in the first download (its budget is 150 KB).
  const [{ openEncryptedUserDb }, { appEngine, appTransport }] = await Promise.all([import('../db/encrypted-user-db'), import('../app/sync-parts')]);
  const db = openEncryptedUserDb(key.tenant, key.user, pageLock);
  const transport = appTransport();
  // Issue 9: an expired sign-in never locks the officer out of capturing: the queue pauses and says so; the sync
  // center offers 'Sign in again', after which it goes on.
  const engine = appEngine(db, transport, SESSION_ENDED_MESSAGE);
  const prefetch = async () => {
    if (!navigator.onLine || !pageLock.key()) return;
    await prefetchForOffline(db, transport);
  };
  return { db, engine, transport, prefetch };
}

/** Asks the browser not to evict our data (installed PWAs and frequent sites are usually granted). */
async function askPersistence() {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // not supported here: the sync center shows the state
  }
}

/** Provides a runtime made elsewhere (tests build one over the in-process server). */
export function SyncRuntimeValue({ runtime, children }: { runtime: SyncRuntime | null; children?: ReactNode }) {
  return (
    <SyncRuntimeContext.Provider value={runtime}>
      <UserDbProvider db={runtime?.db ?? null}>{children}</UserDbProvider>
    </SyncRuntimeContext.Provider>
  );
}

export function SyncRuntimeProvider({ userId, children }: { userId: number | null; children?: ReactNode }) {
  const [runtime, setRuntime] = useState<SyncRuntime | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    let stop = () => {};
    void createRuntime(userId).then((rt) => {
      if (cancelled) return;
      setRuntime(rt);
      // The engine and the prefetch work only while the PIN has unlocked the data key.
      const onLock = (unlocked: boolean) => {
        if (unlocked) {
          rt.engine.start();
          void rt.prefetch();
        } else void rt.engine.stop();
      };
      const unsubscribe = pageLock.subscribe(onLock);
      if (pageLock.key()) onLock(true);
      const onOnline = () => void rt.prefetch();
      // Where Background Sync exists, the browser wakes the service worker (and so the engine) when the network returns.
      const onOffline = () => void requestBackgroundSync();
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      stop = () => {
        unsubscribe();
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
        void rt.engine.stop();
      };
    });
    void askPersistence();
    void requestBackgroundSync();
    return () => {
      cancelled = true;
      stop();
      setRuntime(null);
      // Leaving the signed-in app (sign-out, 'Sign in again', another officer) drops the key: the next one asks the PIN.
      pageLock.lock();
    };
  }, [userId]);
  return <SyncRuntimeValue runtime={runtime}>{children}</SyncRuntimeValue>;
}
