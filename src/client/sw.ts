/// <reference lib="webworker" />
// Link's service worker (issue 14.1), built by vite-plugin-pwa's injectManifest strategy: Workbox fills
// self.__WB_MANIFEST with the app shell and every hashed asset at build time. Served as /sw.js with no-cache,
// so a deploy is noticed on the next visit; the page shows "Update available — Reload" while the new one waits.
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { API_CACHE_NAME, OFFLINE_READABLE_API, SKIP_WAITING_MESSAGE } from "./lib/offline-api";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes over the open page at once, so what it reads from now on is kept for offline use.
// Later versions still wait for "Reload" (skipWaiting below), which reloads the page anyway.
clientsClaim();

// Any page of the app opens offline: every navigation that is not the API, the socket or the API docs gets the shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api\//, /^\/ws/, /^\/docs/] }));

// The last Discover page, My Events and the group chats stay readable offline. NetworkFirst: online answers
// are always fresh; the cache is only read when the network fails. The page clears this cache on sign-out,
// so one person's data never shows to the next person on the device.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === "GET" && OFFLINE_READABLE_API.some((pattern) => pattern.test(url.pathname)),
  new NetworkFirst({
    cacheName: API_CACHE_NAME,
    networkTimeoutSeconds: 8,
    plugins: [
      // Only successes: a 401 after a session ended must not be replayed as the "last" answer.
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener("message", (event) => {
  if (event.data?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

// ── Web push (issue 14.2) ─────────────────────────────────────────────────────────────────────────────
// Push and notificationclick handlers go below this line.
