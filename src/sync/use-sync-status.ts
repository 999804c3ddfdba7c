// The engine's in-memory status for the header badge and sync center (counts come from useOutboxCounts).
import { useSyncExternalStore } from 'react';
import type { SyncEngine, SyncStatus } from './engine';

const IDLE: SyncStatus = { running: false, paused: null, leader: true, lastSyncAt: null, lastError: null };

export function useSyncStatus(engine: SyncEngine | null): SyncStatus {
  return useSyncExternalStore(
    (l) => engine?.status$.subscribe(() => l()) ?? (() => undefined),
    () => engine?.status$.get() ?? IDLE,
    () => IDLE,
  );
}
