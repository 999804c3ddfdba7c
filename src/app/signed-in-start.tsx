// A signed-in start paints the PIN screen first, with only its own code: the vault row is read without Dexie and the
// unlock screen needs no database to paint. The frame, the database and its encryption, the sync engine and the screen
// behind the PIN load after that first paint, while the officer types (the runtime is made then, not after the
// unlock). Anything else a start can meet (a first sign-in setting its PIN, 'Forgot PIN?', wrong PINs already counted,
// an officer not known yet, a page already unlocked) goes through the frame's own PIN gate, as before.
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TenantConfig } from '../../contracts/tenant';
import type { VaultRow } from '../db/types';
import { dropEarlyUnlock, takeEarlyUnlock } from '../features/lock/early-unlock';
import { forgetEarlyUnlock, rememberEarlyUnlock } from '../features/lock/lock-texts';
import { UnlockScreen } from '../features/lock/unlock-screen';
import { useLocale } from '../i18n';
import { afterFirstPaint } from '../lib/after-first-paint';
import { formatNumber, formatRupees } from '../lib/format';
import { pageLock } from '../lib/page-lock';
import { getProfile, useProfile } from '../session/profile-store';
import { AppFrame, HomeScreen, StaffScreen } from './screens';
import { startVaultNow, takeStartVault, whoOf } from './start-vault';

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
  // Read at boot: mostly answered by the first render, which then shows the PIN screen itself.
  const [row, setRow] = useState<VaultRow | null | undefined>(() => (through ? undefined : startVaultNow()));
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
  // The PIN form drawn before the app had loaded (early-unlock.ts): taken over by the first render, removed by its
  // commit, in the same task, so no digit typed in between is lost.
  const [early] = useState(takeEarlyUnlock);
  useLayoutEffect(dropEarlyUnlock, []);
  const fast = !through && row && profile.id !== -1;
  const userId = profile.id;
  // Behind a PIN form painted before the app (early): the screen behind it loads at once, as it is already painted.
  const painted = early !== null;
  useEffect(() => {
    if (fast && painted) loadBehindPin(userId, startPath.current);
    else if (fast) afterFirstPaint(() => loadBehindPin(userId, startPath.current));
  }, [fast, userId, painted]);
  const locale = useLocale();
  useEffect(() => {
    if (through) afterFirstPaint(() => rememberEarlyUnlock(userId, tenant, locale));
  }, [through, userId, tenant, locale]);
  // Leaving the signed-in app signed out: the next start has no PIN screen to draw early.
  useEffect(() => () => void (getProfile().id === -1 && forgetEarlyUnlock()), []);
  if (through || row === null || profile.id === -1) return <AppFrame tenant={tenant} />;
  if (!row) return null;
  const openDb = () => import('./officer-runtime').then((m) => m.warmRuntime(profile.id)).then((rt) => rt.db);
  return <UnlockScreen openDb={openDb} who={whoOf(profile.id)} row={row} unsent={0} early={early} />;
}
