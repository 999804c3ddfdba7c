// Background work (the service worker's registration, the toasts' library, a visitor's sync engine) waits until the
// first screen has painted and the page is idle: on a weak link its downloads would share the bandwidth, and its
// scripts the main thread, with the screen the visitor is waiting for.
const FALLBACK_MS = 3000;
let painted: Promise<void> | null = null;

function firstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    // A screen with nothing to paint (or a browser that never reports it) must not hold the work back for long.
    setTimeout(resolve, FALLBACK_MS);
  });
  return painted;
}

export function afterFirstPaint(work: () => void): void {
  void firstPaint().then(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: 1000 });
    else setTimeout(work, 50);
  });
}

/** Resolves when `afterFirstPaint` would run its work: for code a screen asks for only once it has painted. */
export const afterFirstPaintDone = () => new Promise<void>((resolve) => afterFirstPaint(resolve));
