import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { TenantConfig } from '../../contracts/tenant';
import { onUnauthorized } from '../api/credentials';
import { setProfile } from '../session/profile-store';
import { isSignedIn, loadProfileIfNeeded } from '../features/auth/session';
import { loadTenant } from '../api/tenant/apply-tenant';
import { StorageFullError } from '../db/storage-errors';
import { loadLocalizer, startLocale } from '../i18n';
import { afterFirstPaint } from '../lib/after-first-paint';
import { lazyComponent, loadRetrying } from '../lib/lazy-component';
import { loadToastify, TOAST_LIMIT, toast } from '../lib/toast';
import { keepClosedToastsOutOfTabOrder } from '../lib/toast-focus';
import { loadRuntimeConfig } from '../api/runtime-config';
import { buildRouter } from './router';
import { preloadSignedInFrame, preloadSignedOutScreen } from './screens';
import '../styles/base.css';
import '../styles/ui.css';

const ToastContainer = lazyComponent(() => loadToastify().then((m) => m.ToastContainer), null, { optional: true });

/**
 * Toasts shown before this mounts wait in react-toastify's queue. They rise from the bottom, as a phone's snackbar does:
 * at the top they covered the page's header and heading. A toast that closes leaves the Tab order at once.
 */
function Toasts() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstPaint(() => setReady(true)), []);
  useEffect(() => keepClosedToastsOutOfTabOrder(), []);
  // A toast pauses under a mouse that rests on it, so a reader can finish it; a finger leaves no hover on a phone, where
  // a tap's emulated mouse events would otherwise hold a toast that appeared under it for good.
  const hover = typeof matchMedia === 'function' && matchMedia('(hover: hover) and (pointer: fine)').matches;
  return ready ? <ToastContainer limit={TOAST_LIMIT} position="bottom-center" pauseOnHover={hover} /> : null;
}

// Before the router is built (tens of ms on a slow phone): a signed-in start asks for its PIN screen's code and key vault
// row first, so the row arrives, and is read, as soon as the entry has run.
const vault = isSignedIn() ? preloadSignedInFrame() : undefined;
let tenant: TenantConfig | null = null;
const router = buildRouter(() => tenant);
const toLogin = () => void router.navigate({ to: '/login', replace: true });

onUnauthorized(() => {
  // A visitor's guest token ran out: verify the mobile again (same application); staff sign in again.
  if (router.state.location.pathname.startsWith('/apply-loan/')) return void router.navigate({ to: '/apply-loan/mobile', replace: true });
  setProfile(null);
  toLogin();
});

// A full disk is reported with what to do; nothing already stored is touched (db/storage-errors.ts).
window.addEventListener('unhandledrejection', (e) => {
  if (e.reason instanceof StorageFullError) {
    e.preventDefault();
    toast.error(e.reason.message, { toastId: 'storage-full' });
  }
});

async function boot() {
  if (!vault)
    preloadSignedOutScreen(
      router.state.location.pathname,
      router.matchRoutes(router.state.location).some((m) => m.routeId === '/signed-out/public'),
    );
  // The language's catalogue loads beside the runtime config, so the first screen is already in it (no English flash).
  const language = startLocale();
  // The route resolves meanwhile too, so the first render shows its screen: left to the router's mount, it resolved only
  // after a first, empty render.
  const routed = router.load();
  await loadRuntimeConfig();
  await language;
  await routed;
  // A signed-in start renders once its key vault row is read and its PIN screen's module is loaded: the PIN screen
  // then paints in the first render (instead of an empty frame first), which takes over a PIN form drawn before the app.
  await vault;
  tenant = await loadTenant((fresh) => {
    tenant = fresh;
  });
  createRoot(document.getElementById('root')!).render(
    <>
      <RouterProvider router={router} />
      <Toasts />
    </>,
  );
  router.subscribe('onResolved', () => void loadProfileIfNeeded(toLogin));
  void loadProfileIfNeeded(toLogin);
  afterFirstPaint(() => void loadRetrying(() => import('./sw-register')).then((m) => m.registerServiceWorker()));
  afterFirstPaint(() => void loadLocalizer());
}
void boot();
