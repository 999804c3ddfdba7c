// A signed-in start paints the PIN screen first, with only its own code: the vault row is read without Dexie and the
// unlock screen needs no database to paint. The frame, the database and its encryption, the sync engine and the screen
// behind the PIN load after that first paint, while the officer types (the runtime is made then, not after the
// unlock). Anything else a start can meet (a first sign-in setting its PIN, 'Forgot PIN?', wrong PINs already counted,
// an officer not known yet, a page already unlocked) goes through the frame's own PIN gate, as before.
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { TenantConfig } from '../../contracts/tenant';
import type { VaultRow } from '../db/types';
import { peekVault } from '../db/vault-peek';
import { UnlockScreen } from '../features/lock/unlock-screen';
import { PIN_RESET_KEY } from '../features/lock/pin-reset';
import { afterFirstPaint } from '../lib/after-first-paint';
import { formatNumber, formatRupees } from '../lib/format';
import { pageLock } from '../lib/page-lock';
import { getProfile, useProfile } from '../session/profile-store';
import { AppFrame, HomeScreen, StaffScreen } from './screens';

const whoOf = (userId: number) => ({ tenant: window.location.host, user: String(userId) });

let peeked: { key: string; row: Promise<VaultRow | null> } | null = null;
/** Asked at boot, beside the runtime configuration: the row the PIN screen opens with (null: the frame's gate). */
export function peekStartVault(): Promise<VaultRow | null> {
  const { id } = getProfile();
  if (id === -1) return Promise.resolve(null);
  const who = whoOf(id);
  const key = `${who.tenant}|${who.user}`;
  if (peeked?.key !== key) peeked = { key, row: peekVault(who.tenant, who.user) };
  // Decided when the screen takes the row, not when it was read: 'Forgot PIN?' may have been asked since.
  return peeked.row.then((row) => (row && row.failedAttempts === 0 && localStorage.getItem(PIN_RESET_KEY) !== key ? row : null));
}

/**
 * The boot's read serves the first start only: a later start in this tab (signed in again after 'Forgot PIN?', the
 * wrong-PIN erase, or as another officer) reads the row afresh.
 */
function takeStartVault(): Promise<VaultRow | null> {
  const row = peekStartVault();
  peeked = null;
  return row;
}

/** After the PIN screen's first paint: everything the unlock leads to, and the officer's runtime itself. */
function loadBehindPin(userId: number, path: string) {
  void AppFrame.preload();
  void StaffScreen.preload();
  if (path === '/') void HomeScreen.preload();
  void import('./staff-screens').then((m) => m.preloadStaffScreen(path));
  void import('./officer-runtime').then((m) => m.warmRuntime(userId));
  // The screen behind the PIN shows amounts and counts: their formatters (made on first use) are made while the officer
  // types, not when that screen paints.
  formatRupees(0);
  formatNumber(0);
}

export function SignedInStart({ tenant }: { tenant: TenantConfig | null }) {
  const profile = useProfile();
  // The path the start opened on is the screen behind the PIN.
  const startPath = useRef(useRouterState({ select: (s) => s.location.pathname }));
  // Once through (unlocked, or handed to the frame), the frame stays: a later lock is the frame's gate's to show.
  const [through, setThrough] = useState(() => pageLock.key() !== null);
  const [row, setRow] = useState<VaultRow | null | undefined>(undefined);
  useEffect(() => {
    if (through) return;
    let live = true;
    void takeStartVault().then((r) => live && setRow(r));
    const stop = pageLock.subscribe((unlocked) => unlocked && setThrough(true));
    return () => {
      live = false;
      stop();
    };
  }, [through]);
  const fast = !through && row && profile.id !== -1;
  const userId = profile.id;
  useEffect(() => {
    if (fast) afterFirstPaint(() => loadBehindPin(userId, startPath.current));
  }, [fast, userId]);
  if (through || row === null || profile.id === -1) return <AppFrame tenant={tenant} />;
  if (!row) return null;
  const openDb = () => import('./officer-runtime').then((m) => m.warmRuntime(profile.id)).then((rt) => rt.db);
  return <UnlockScreen openDb={openDb} who={whoOf(profile.id)} row={row} unsent={0} />;
}
