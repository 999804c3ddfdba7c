// The app's own screens are on the phone once its service worker is active: the worker's install is the precache of
// every screen's code. Data taken offline before that would be held by a phone that cannot open the screens for it.

/**
 * Waits until the registered service worker is active. False when its install failed (the screens are not kept);
 * true when there is none to wait for (a development build, or a browser without service workers).
 */
export async function appKeptForOffline(): Promise<boolean> {
  const reg = await navigator.serviceWorker?.getRegistration();
  if (!reg || reg.active) return true;
  const worker = reg.installing ?? reg.waiting;
  if (!worker) return true;
  return new Promise((resolve) => {
    const settle = () => {
      if (worker.state === 'activated') resolve(true);
      else if (worker.state === 'redundant') resolve(false);
    };
    worker.addEventListener('statechange', settle);
    settle();
  });
}
