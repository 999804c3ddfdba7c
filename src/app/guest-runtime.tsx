// The visitor's runtime: a database of their own on this device (drafts, photos, queued steps) and the sync engine
// that sends the queue with the guest token, with the same retry, order and progress as the staff app. Loaded beside
// the public page (guest-runtime-provider.tsx), so the page paints without waiting for it.
import { authHeaderToken, getGuestToken, setGuestToken, subscribeCredentials } from '../api/credentials';
import { GUEST_SESSION_ENDED } from '../features/public/guest-session';
import { openUserDb } from '../db/user-db';
import { prefetchForOffline } from '../sync/prefetch';
import { guestTransport } from './guest-transport';
import { appEngine, appTransport } from './sync-parts';
import type { SyncRuntime } from '../sync/sync-runtime';

/** The visitor's database is `flo-u-{host}-guest`: one per browser profile and lender, never an officer's. */
export const GUEST_USER = 'guest';

let shared: SyncRuntime | null = null;

/** One runtime per page: the public pages share it, so a step queued on one page is sent while the visitor goes on. */
export function guestRuntime(): SyncRuntime {
  if (shared) return shared;
  const db = openUserDb(window.location.host, GUEST_USER);
  // A 401 removes the dead guest token (guestTransport) and pauses the queue, intact, until the mobile is verified again.
  const transport = guestTransport(appTransport(), { current: getGuestToken, drop: () => setGuestToken(null) });
  const engine = appEngine(db, transport, GUEST_SESSION_ENDED, () => {
    // A late 401 of a token already replaced: the visitor is verified, the queue goes on.
    if (getGuestToken()) void shared?.engine.resumeAfterSignIn();
  });
  // The bank and business-category lists (they need the guest token), so the business form fills offline too.
  const prefetch = async () => {
    if (navigator.onLine && authHeaderToken()) await prefetchForOffline(db, transport, Date.now, 'lists');
  };
  shared = { db, engine, transport, prefetch };
  return shared;
}

/** Starts the engine and the lists' fetch (now, when the network returns, when the visitor's token arrives); returns stop. */
export function startGuestRuntime(runtime: SyncRuntime): () => void {
  const stop = runtime.engine.start();
  void runtime.prefetch();
  const onOnline = () => void runtime.prefetch();
  window.addEventListener('online', onOnline);
  // The mobile just verified: the token is there now.
  const unsubscribe = subscribeCredentials(onOnline);
  return () => {
    unsubscribe();
    window.removeEventListener('online', onOnline);
    void stop();
  };
}
