// The PIN unlock returns to the screen the officer was on. The app reopened from the home-screen icon
// (or after the browser was killed) starts at '/', behind the PIN; once unlocked, the screen last shown, kept in the
// officer's encrypted database, opens again. Only on the first unlock of a page load, and only if recent.
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { getMeta, setMeta } from '../db/records';
import { useSyncRuntime } from '../sync/sync-runtime';

export const LAST_SCREEN_META = 'last-screen';
export const LAST_SCREEN_MAX_AGE_MS = 12 * 60 * 60 * 1000;
type LastScreen = { href: string; at: number };

let restoredThisPage = false;
/** The path this page opened on (this module loads at boot, before the PIN), from the hash router's address. */
const BOOT_PATH = (globalThis.location?.hash ?? '').replace(/^#/, '').split('?')[0] || '/';

/**
 * The screen to reopen at start-up: one inside the signed-in app, not the home, seen within the last 12 hours; only
 * while the officer is still on the home the page opened on (not after going elsewhere, Home included).
 */
export function screenToReopen(last: LastScreen | undefined, start: string, current: string, now: number): string | null {
  if (!last || start !== '/' || current !== '/' || now - last.at > LAST_SCREEN_MAX_AGE_MS) return null;
  const path = last.href.split('?')[0] ?? '';
  return path.startsWith('/') && path !== '/' && !path.startsWith('/login') ? last.href : null;
}

export function ReturnToLastScreen() {
  const db = useSyncRuntime()?.db ?? null;
  const navigate = useNavigate();
  const location = useRouterState({ select: (s) => ({ path: s.location.pathname, href: s.location.href }) });
  const ready = useRef(restoredThisPage);
  // The screen the page opened on. Once the officer has gone somewhere else (tapped Home, opened a list), reopening the
  // last screen would take them away from where they chose to go: the restore is only for the untouched start.
  const startPath = useRef(BOOT_PATH);
  const current = useRef(location.path);
  current.current = location.path;

  useEffect(() => {
    if (!db || ready.current) return;
    restoredThisPage = true;
    void getMeta<LastScreen>(db, LAST_SCREEN_META).then(async (last) => {
      const href = screenToReopen(last, startPath.current, current.current, Date.now());
      if (href) await navigate({ href, replace: true });
      ready.current = true;
    });
  }, [db, navigate]);

  useEffect(() => {
    if (db && ready.current) void setMeta(db, LAST_SCREEN_META, { href: location.href, at: Date.now() } satisfies LastScreen);
  }, [db, location.href]);
  return null;
}
