// Nothing of the signed-in app renders until the officer's PIN unlocks the data key; a first sign-in sets the
// PIN, 'Forgot PIN?' plus an OTP sign-in sets a new one; the page locks itself when idle or out of sight.
import { useLiveQuery } from 'dexie-react-hooks';
import { type ReactNode, useEffect } from 'react';
import { countOutbox } from '../../db/hooks';
import { lazyComponent } from '../../lib/lazy-component';
import { readVault } from '../../db/vault';
import { useSyncRuntime, userDbKey } from '../../sync/sync-runtime';
import { useProfile } from '../../session/profile-store';
import { useSessionOpen } from '../../session/session-seal';
import { cachedTenant } from '../../api/tenant/apply-tenant';
import { DEFAULT_LOCK_TIMES, shouldLock } from './lock-policy';
import { lockPage, useUnlocked } from '../../lib/page-lock';
import { PIN_RESET_KEY } from './pin-reset';

// The PIN screens and the key vault load on demand: they are not part of the first download.
const screens = () => import('./pin-screens');
const SetPinScreen = lazyComponent(() => screens().then((m) => m.SetPinScreen));
const UnlockScreen = lazyComponent(() => screens().then((m) => m.UnlockScreen));

const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

function useAutoLock(unlocked: boolean) {
  useEffect(() => {
    if (!unlocked) return;
    const t = cachedTenant();
    const times = {
      idleMinutes: t?.idle_lock_minutes ?? DEFAULT_LOCK_TIMES.idleMinutes,
      backgroundMinutes: t?.background_lock_minutes ?? DEFAULT_LOCK_TIMES.backgroundMinutes,
    };
    let last = Date.now();
    let hiddenSince: number | null = null;
    const check = () => {
      if (shouldLock(Date.now(), last, hiddenSince, times)) void lockPage();
    };
    const touch = () => {
      last = Date.now();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hiddenSince = Date.now();
      else {
        check();
        hiddenSince = null;
        touch();
      }
    };
    for (const e of ACTIVITY) window.addEventListener(e, touch, { passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    const timer = setInterval(check, 30_000);
    return () => {
      for (const e of ACTIVITY) window.removeEventListener(e, touch);
      document.removeEventListener('visibilitychange', onVisibility);
      clearInterval(timer);
    };
  }, [unlocked]);
}

export function PinGate({ children }: { children: ReactNode }) {
  const rt = useSyncRuntime();
  const profile = useProfile();
  const unlocked = useUnlocked();
  const sessionOpen = useSessionOpen();
  useAutoLock(unlocked);
  const state = useLiveQuery(async () => {
    if (!rt) return undefined;
    const [row, counts] = await Promise.all([readVault(rt.db), countOutbox(rt.db)]);
    return { row: row ?? null, unsent: counts.pending };
  }, [rt]);
  // The screens behind the PIN wait until the sealed token and profile are open (a moment after the unlock).
  if (unlocked) return sessionOpen ? children : null;
  if (!rt || !state || profile.id === -1) return null;
  const key = userDbKey(profile.id);
  const who = { tenant: key.tenant, user: key.user };
  const screen = !state.row ? (
    <SetPinScreen db={rt.db} who={who} mode="new" />
  ) : localStorage.getItem(PIN_RESET_KEY) === `${who.tenant}|${who.user}` ? (
    <SetPinScreen db={rt.db} who={who} mode="recover" row={state.row} />
  ) : (
    <UnlockScreen openDb={() => Promise.resolve(rt.db)} who={who} row={state.row} unsent={state.unsent} />
  );
  return screen;
}
