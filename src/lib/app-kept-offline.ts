// The app's own screens are on the phone once its service worker is active: the worker's install is the precache of
// every screen's code. Data taken offline before that would be held by a phone that cannot open the screens for it.

/** The app's service worker and its scope (src/app/sw-register.tsx registers it after the first paint). */
export const SW_URL = '/sw.js';
export const SW_SCOPE = '/';

/**
 * Waits until the app's service worker is active. Not registered yet (the first seconds), or dropped after a failed
 * install: it is registered here, which also tries a failed install again. False when the install fails or the browser
 * refuses a worker (the screens are not kept); true in a development build, which has none.
 */
export async function appKeptForOffline(): Promise<boolean> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return true;
  let reg: ServiceWorkerRegistration | undefined;
  try {
    reg = await navigator.serviceWorker.getRegistration(SW_SCOPE);
    // None yet, or one left with no worker: registering starts (or starts again) the install.
    if (!reg?.active && !reg?.installing && !reg?.waiting) reg = await navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE });
  } catch {
    return false;
  }
  if (reg.active) return true;
  const worker = reg.installing ?? reg.waiting;
  if (!worker) return false;
  return new Promise((resolve) => {
    const settle = () => {
      if (worker.state !== 'activated' && worker.state !== 'redundant') return;
      worker.removeEventListener('statechange', settle);
      resolve(worker.state === 'activated');
    };
    worker.addEventListener('statechange', settle);
    settle();
  });
}
