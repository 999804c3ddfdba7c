// Code-split components without Suspense. React 19 holds content that follows a Suspense fallback for about 300 ms
// (FALLBACK_THROTTLE_MS), even when the fallback is null and the code has already arrived, so with React.lazy every
// lazily loaded screen (the PIN screen, the screen behind it, the login and public pages) appeared up to 300 ms after
// its code was ready: a trace of the offline start showed the PIN screen waiting on that timer. Here the component
// renders nothing until its code is loaded, then renders it in the same task. A load the link dropped is asked again
// when the phone is back online (or 2 s later, when it never said it was offline), up to 3 times, the page staying as
// it is meanwhile: a first visit has no service worker yet, and a dropped chunk took the whole page to the error
// screen. A load that fails every time is thrown while rendering, so the route's error screen shows it, except for a part
// the page works without (`optional`).
import { type ComponentType, createElement, type ReactNode, useEffect, useState } from 'react';

export type LazyComponent<P> = ComponentType<P> & { preload: () => Promise<void> };

export const LOAD_ATTEMPTS = 3;

/** Back online, or 2 s later when the phone never said it was offline (a link that dropped one request). */
const backOnline = () =>
  new Promise<void>((resolve) => {
    const done = new AbortController();
    const go = () => {
      done.abort();
      resolve();
    };
    window.addEventListener('online', go, { signal: done.signal });
    if (navigator.onLine) {
      const timer = setTimeout(go, 2000);
      done.signal.addEventListener('abort', () => clearTimeout(timer));
    }
  });

/** `load`, asked again on a dropped link, at most LOAD_ATTEMPTS times in all. */
export async function loadRetrying<T>(load: () => Promise<T>, attempt = 1): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (attempt >= LOAD_ATTEMPTS) throw err;
    await backOnline();
    return loadRetrying(load, attempt + 1);
  }
}

/**
 * `placeholder` shows while the code loads (nothing by default). `optional`: a part the page works without (the toasts,
 * the status bar): code that fails every time leaves the placeholder, not the error screen. The toasts sit outside the
 * router's error boundary, where a throw would empty the whole page.
 */
export function lazyComponent<P extends object = Record<string, never>>(
  load: () => Promise<ComponentType<P>>,
  placeholder: ReactNode = null,
  o: { optional?: boolean } = {},
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let failure: { error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= loadRetrying(load).then(
      (c) => {
        loaded = c;
      },
      (error: unknown) => {
        failure = { error };
      },
    ));

  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level, as React.lazy is
  function Lazy(props: P) {
    const [, rerender] = useState(0);
    const settled = !!loaded || !!failure;
    if (!settled) void preload();
    useEffect(() => {
      // Decided by what this render showed, not by the state now: code that arrived between the render and this
      // effect (a module already in memory resolves in a microtask) still needs the render that shows it.
      if (settled) return;
      let live = true;
      void preload().then(() => live && rerender((n) => n + 1));
      return () => {
        live = false;
      };
    }, [settled]);
    if (failure && !o.optional) throw failure.error;
    return loaded ? createElement(loaded, props) : placeholder;
  }
  return Object.assign(Lazy, { preload });
}
