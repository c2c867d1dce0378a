/// <reference lib="webworker" />
// Link's service worker (offline app shell, web push), built by vite-plugin-pwa's injectManifest strategy:
// Workbox fills self.__WB_MANIFEST with the app shell and every hashed asset at build time. Served as /sw.js
// with no-cache, so a deploy is noticed on the next visit; the page shows "Update available — Reload" while the
// new one waits.

import { FIRST_SCREEN_DATA_ID } from "@contract/first-screen";
import { UI_TEXTS } from "@contract/shell-texts";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import type { RouteHandlerCallbackOptions } from "workbox-core/types";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import {
  API_CACHE_NAME,
  OFFLINE_READABLE_API,
  PAGES_CACHE_NAME,
  SKIP_WAITING_MESSAGE,
  WORKER_TEXTS_CACHE,
  WORKER_TEXTS_PATH,
  type WorkerTexts,
} from "./lib/offline-api";
import { keptCopies } from "./lib/offline-kept-copies";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// No directory index: "/" is an app page like any other (openPage below), not the bare precached shell.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "" });
cleanupOutdatedCaches();
// The first install takes over the open page at once, so what it reads from now on is kept for offline use.
// Later versions still wait for "Reload" (skipWaiting below), which reloads the page anyway.
clientsClaim();

// Any page of the app opens at once and offline (openPage below), except what the server renders itself (the
// API with its docs at /api/docs, the socket, an operator's endpoint, the embed a host puts on their site, and
// the files search engines read), which would otherwise turn into the app's "not found".
registerRoute(
  new NavigationRoute(openPage, {
    denylist: [/^\/api\//, /^\/ws$/, /^\/(healthz|readyz|metrics)$/, /^\/embed\//, /^\/(sitemap\.xml|robots\.txt)$/],
  }),
);

// The last Discover page, My Events and the group chats stay readable offline, and so do the events a list kept
// (keptCopies). NetworkFirst: online answers are always fresh; the caches are only read when the network fails.
// The page clears them on sign-out, so one person's data never shows to the next person on the device.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === "GET" && OFFLINE_READABLE_API.some((pattern) => pattern.test(url.pathname)),
  new NetworkFirst({
    cacheName: API_CACHE_NAME,
    networkTimeoutSeconds: 8,
    plugins: [
      // Only successes: a 401 after a session ended must not be replayed as the "last" answer.
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true }),
      // After the expiration above: what a screen chose to keep (the events a person goes to) outlasts its limits.
      keptCopies,
    ],
  }),
);

self.addEventListener("message", (event) => {
  if (event.data?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

// ── Pages: the last screen of each address, painted at once on the next open ─────────────────────────────────

/** How long a page this device kept no copy of waits for the server before the app's shell opens instead. */
const PAGE_WAIT_MS = 4000;
/**
 * Headers of the server's answer a kept copy drops: its body is stored decoded, and it is looked up by its
 * address alone (a Vary on the cookie would never match; the copies go at sign-out instead).
 */
const DROPPED_HEADERS = ["content-encoding", "content-length", "transfer-encoding", "vary"];

/**
 * An app page: the copy of it this device kept from the last open, at once (marked so: the app shows it and
 * fetches what it shows again), while the server draws it afresh for the next open. Without a copy, the server's
 * page; if the server is unreachable or slow, the precached shell, which the app fills itself.
 */
async function openPage({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const pages = await caches.open(PAGES_CACHE_NAME);
  const address = request.url.split("#")[0];
  const fresh = fetch(request).then(async (response) => {
    await keepPage(pages, address, response.clone());
    return response;
  });
  const kept = await pages.match(address);
  if (kept) {
    event.waitUntil(fresh.catch(() => undefined));
    return fromDevice(kept);
  }
  const shell = async () => (await matchPrecache("/index.html")) ?? Response.error();
  const slow = new Promise<Response>((resolve) => setTimeout(() => resolve(shell()), PAGE_WAIT_MS));
  return Promise.race([fresh, slow]).catch(shell);
}

/** Keeps a page the server drew (one with its first screen's data), decoded, with its own headers (its CSP). */
async function keepPage(pages: Cache, address: string, response: Response) {
  if (!response.ok) return;
  const html = await response.text();
  if (!html.includes(`id="${FIRST_SCREEN_DATA_ID}"`)) return;
  const headers = new Headers(response.headers);
  for (const name of DROPPED_HEADERS) headers.delete(name);
  await pages.put(address, new Response(html, { headers }));
}

/** A kept page as shown again: its data marked as the device's copy, which the app refreshes at once. */
async function fromDevice(kept: Response) {
  const html = (await kept.text()).replace('data-from="server"', 'data-from="device"');
  return new Response(html, { headers: kept.headers });
}

// A new version's pages name its own files: the previous version's copies go when it takes over.
self.addEventListener("activate", (event) => event.waitUntil(caches.delete(PAGES_CACHE_NAME)));

// ── Web push ──────────────────────────────────────────────────────────────────────────────────────────
// Push and notificationclick handlers go below this line.

/** The worker's texts in the language the page last spoke (the page stores them); English until it has. */
async function workerTexts(): Promise<WorkerTexts> {
  const english: WorkerTexts = { newNotification: UI_TEXTS.newNotification };
  try {
    const stored = await caches.match(WORKER_TEXTS_PATH, { cacheName: WORKER_TEXTS_CACHE });
    const texts = (await stored?.json()) as Partial<WorkerTexts> | undefined;
    return typeof texts?.newNotification === "string" ? { newNotification: texts.newNotification } : english;
  } catch {
    return english;
  }
}

/** The server's push payload (src/contract/push.ts pushPayloadSchema), read defensively: a push is untrusted bytes until parsed. */
function readPush(event: PushEvent, texts: WorkerTexts): { title: string; body: string; url: string; tag?: string } {
  try {
    const data = event.data?.json() as { title?: unknown; body?: unknown; url?: unknown; tag?: unknown } | undefined;
    const url =
      typeof data?.url === "string" && data.url.startsWith("/") && !data.url.startsWith("//")
        ? data.url
        : "/notifications";
    return {
      title: typeof data?.title === "string" ? data.title : "Link",
      body: typeof data?.body === "string" ? data.body : "",
      url,
      tag: typeof data?.tag === "string" ? data.tag : undefined,
    };
  } catch {
    return { title: "Link", body: texts.newNotification, url: "/notifications" };
  }
}

self.addEventListener("push", (event) => {
  event.waitUntil(
    (async () => {
      const push = readPush(event, await workerTexts());
      // A focused Link window already shows it in-app through its socket (the server may not know: another
      // instance holds that socket), so only a device without Link in front shows a system notification.
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      if (windows.some((w) => w.focused && w.visibilityState === "visible")) return;
      await self.registration.showNotification(push.title, {
        body: push.body,
        tag: push.tag,
        icon: "/icons/icon-192.png",
        badge: "/icons/icon-192.png",
        data: { url: push.url },
      });
    })(),
  );
});

// A click opens the notification's page: in a Link window already open (focused and navigated), else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = typeof event.notification.data?.url === "string" ? event.notification.data.url : "/notifications";
  const target = new URL(path, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const existing = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (existing) {
        await existing.focus();
        await existing.navigate(target.href).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
