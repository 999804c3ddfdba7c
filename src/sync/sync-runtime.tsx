// The sync runtime the screens use: the user's database, the engine that replays their outbox, and the prefetch.
// The officer's is made in src/app/officer-runtime.tsx, a visitor's in src/app/guest-runtime.tsx.
import { createContext, type ReactNode, useContext } from 'react';
import { UserDbProvider } from '../db/user-db-context';
import type { UserDb } from '../db/user-db';
import type { SyncEngine } from './engine';
import type { Puller } from './puller';
import type { Transport } from './transport';
import { msg } from '../../contracts/msg';

export type SyncRuntime = {
  db: UserDb;
  engine: SyncEngine;
  transport: Transport;
  prefetch: () => Promise<void>;
  /** The change feed (src/sync/puller.ts): the officer's runtime has it; a visitor's keeps only its own steps. */
  puller?: Puller;
};

export const SESSION_ENDED_MESSAGE = msg('Your session has ended. Sign in again to send the work saved on this phone.');

const SyncRuntimeContext = createContext<SyncRuntime | null>(null);
export const useSyncRuntime = () => useContext(SyncRuntimeContext);

/** The user database is keyed by host (the tenant) and user id, so a shared phone keeps officers apart. */
export const userDbKey = (userId: number | string) => ({ tenant: window.location.host, user: String(userId) });

/** Provides a runtime made elsewhere (tests build one over the in-process server). */
export function SyncRuntimeValue({ runtime, children }: { runtime: SyncRuntime | null; children?: ReactNode }) {
  return (
    <SyncRuntimeContext.Provider value={runtime}>
      <UserDbProvider db={runtime?.db ?? null}>{children}</UserDbProvider>
    </SyncRuntimeContext.Provider>
  );
}
