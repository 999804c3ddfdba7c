// One sync runtime per signed-in officer: their encrypted database, the engine that replays their outbox, and the
// prefetch, running only while the PIN has unlocked the data key.
import { type ReactNode, useEffect, useState } from 'react';
import { closeSession, dropDeadToken, openSession, sealChanges } from '../session/session-seal';
import { pageLock } from '../lib/page-lock';
import { prefetchForOffline } from '../sync/prefetch';
import { listenForPulls } from '../sync/pull-schedule';
import { dropFinishedCopies } from '../db/freshness';
import { getProfile } from '../session/profile-store';
import { productRoleOf } from '../../contracts/roles';
import { SESSION_ENDED_MESSAGE, type SyncRuntime, SyncRuntimeValue, userDbKey } from '../sync/sync-runtime';
import { requestBackgroundSync } from '../sync/wake';

async function createRuntime(userId: number): Promise<SyncRuntime> {
  const key = userDbKey(userId);
  // Encrypted at rest with the officer's data key: nothing personal is readable until the PIN unlocks it.
  // The ciphers and the engine load beside the first screen, not in the first download (its budget is 150 KB).
  const [{ openEncryptedUserDb }, { appEngine, appPuller, appTransport }] = await Promise.all([
    import('../db/encrypted-user-db'),
    import('./sync-parts'),
  ]);
  const db = openEncryptedUserDb(key.tenant, key.user, pageLock);
  const transport = appTransport();
  // An expired sign-in never locks the officer out of capturing: the queue pauses and says so; the sync
  // center offers 'Sign in again', after which it goes on. The dead token is removed (REQ-AUTH-12), the session kept.
  // The change feed: only while the PIN has unlocked the data key (what it brings is written encrypted).
  const puller = appPuller(db, transport, () => !!pageLock.key());
  const engine = appEngine(
    db,
    transport,
    SESSION_ENDED_MESSAGE,
    () => void dropDeadToken(db).catch(() => undefined),
    () => void puller.pull(),
  );
  const prefetch = async () => {
    if (!navigator.onLine || !pageLock.key()) return;
    await prefetchForOffline(db, transport);
    // The visit phone keeps no documents of a loan that is finished (sanctioned or rejected); unsent work stays.
    const profile = getProfile();
    if (productRoleOf(profile.role, profile.mfi_employee?.designation) === 'VERIFICATION') await dropFinishedCopies(db);
  };
  return { db, engine, transport, prefetch, puller };
}

// A signed-in start makes the runtime while the PIN is typed (signed-in-start.tsx), and opens the database then, so
// the unlock finds both ready; the provider takes that one instead of making its own.
const warm = new Map<number, Promise<SyncRuntime>>();
export function warmRuntime(userId: number): Promise<SyncRuntime> {
  let rt = warm.get(userId);
  if (!rt) {
    rt = createRuntime(userId);
    warm.set(userId, rt);
    void rt.then((r) => r.db.open()).catch(() => undefined);
  }
  return rt;
}
/** The warm runtime, unless its database was closed since (too many wrong PINs erased it): then a new one. */
function takeRuntime(userId: number): Promise<SyncRuntime> {
  const rt = warm.get(userId);
  warm.delete(userId);
  return rt ? rt.then((r) => (r.db.hasBeenClosed() ? createRuntime(userId) : r)) : createRuntime(userId);
}

/** Asks the browser not to evict our data (installed PWAs and frequent sites are usually granted). */
async function askPersistence() {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // not supported here: the sync center shows the state
  }
}

export function SyncRuntimeProvider({ userId, children }: { userId: number | null; children?: ReactNode }) {
  const [runtime, setRuntime] = useState<SyncRuntime | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    let stop = () => {};
    let stopPulls = () => {};
    void takeRuntime(userId).then((rt) => {
      if (cancelled) return;
      setRuntime(rt);
      // The engine and the prefetch work only while the PIN has unlocked the data key.
      // The sealed token and profile open before anything calls the server, and leave memory on lock.
      const onLock = (unlocked: boolean) => {
        if (unlocked) {
          // e2e and bench builds only: the photo field's store path for a benchmark's bulk captures, after
          // the unlock so its code (the resizer, EXIF) is not evaluated before the PIN screen as the app's is not.
          if (import.meta.env.VITE_E2E_HOOKS === '1') void import('../photos/e2e-capture').then((m) => m.exposeCapture(rt.db));
          void openSession(rt.db).then(() => {
            if (!pageLock.key()) return;
            rt.engine.start();
            void rt.prefetch();
            void rt.puller?.pull();
            stopPulls();
            stopPulls = listenForPulls(() => void rt.puller?.pull());
          });
        } else {
          closeSession();
          stopPulls();
          rt.puller?.stop();
          void rt.engine.stop();
        }
      };
      const stopSealing = sealChanges(rt.db);
      const unsubscribe = pageLock.subscribe(onLock);
      if (pageLock.key()) onLock(true);
      const onOnline = () => void rt.prefetch();
      // Where Background Sync exists, the browser wakes the service worker (and so the engine) when the network returns.
      const onOffline = () => void requestBackgroundSync();
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      stop = () => {
        stopPulls();
        rt.puller?.stop();
        unsubscribe();
        stopSealing();
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
