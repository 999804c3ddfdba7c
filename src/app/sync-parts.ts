// The transport and engine every runtime of the app uses (the officer's and a visitor's): the configured API bases,
// the signed-in or guest token, the browser's online flag, and a toast when the server asks for a new sign-in.
// Loaded on demand with the runtime that needs it, not in the first download.
import { authHeaderToken } from '../api/credentials';
import { apiBase } from '../api/runtime-config';
import type { UserDb } from '../db/user-db';
import { toast } from '../lib/toast';
import { createSyncEngine } from '../sync/engine';
import { createPuller } from '../sync/puller';
import { APP_RESULT_HANDLERS } from './result-handlers';
import { createFetchTransport, type Transport } from '../sync/transport';

export const appTransport = (): Transport => createFetchTransport({ baseUrl: apiBase, getToken: authHeaderToken, timeoutMs: 120_000 });

/**
 * `sessionEnded` is said when a 401 pauses the queue: nothing is dropped, and it goes on after the next sign-in.
 * `afterPass`: after a pass that landed ops (the officer's runtime pulls the change feed).
 */
export const appEngine = (db: UserDb, transport: Transport, sessionEnded: string, onAuthRequired?: () => void, afterPass?: () => void) =>
  createSyncEngine({
    db,
    transport,
    afterPass,
    onResult: APP_RESULT_HANDLERS,
    isOnline: () => navigator.onLine !== false,
    onAuthRequired: () => {
      onAuthRequired?.();
      toast.error(sessionEnded, { toastId: 'session-ended' });
    },
  });

/** The change feed's puller: asks nothing while the browser is offline or `may()` says no (a locked data key). */
export const appPuller = (db: UserDb, transport: Transport, may: () => boolean) =>
  createPuller({ db, transport, isOnline: () => navigator.onLine !== false && may() });
