/// <reference lib="webworker" />
// Service worker: precache the shell, cache static branding at run time, never cache API answers.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const OUTBOX_SYNC_TAG = 'flo-outbox';

// The first install takes the open page at once, so screens loaded on demand are served offline the same day.
// Updates still wait for the officer's 'Update now' (SKIP_WAITING below).
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The app uses hash routes, so every navigation is the shell. API and static pages stay on the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /\/(terms|privacy|contact)\.html$/],
  }),
);

// Tenant branding: logos and favicons, refreshed in the background.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/tenants/') && request.method === 'GET',
  new StaleWhileRevalidate({
    cacheName: 'tenant-branding',
    plugins: [new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

// Runtime API bases: fresh when online, last known when offline. Holds no personal data.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/config.json',
  new NetworkFirst({ cacheName: 'runtime-config', networkTimeoutSeconds: 3 }),
);

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync: wake the page's sync engine (the queue lives in IndexedDB and is replayed by the page).
self.addEventListener('sync', (event) => {
  const e = event as ExtendableEvent & { tag?: string };
  if (e.tag !== OUTBOX_SYNC_TAG) return;
  e.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'flo-sync-wake' });
    }),
  );
});
