// Shared by the service worker (src/client/sw.ts) and the page: which API reads stay readable offline, the
// cache holding them, and the message that activates a waiting service worker.

/** The Cache Storage name of the offline copies of API reads; the page deletes it on sign-out. */
export const API_CACHE_NAME = "link-api";
/**
 * The last page the server drew for each address (one person's screen and data), which the service worker
 * shows at once on the next open; deleted with the API's copies, and by each new service worker.
 */
export const PAGES_CACHE_NAME = "link-pages";

/**
 * The few texts the service worker writes itself (a push without words), in the language the page last spoke:
 * the worker cannot read the catalogs, so the page stores them, already translated, in this cache entry.
 */
export const WORKER_TEXTS_CACHE = "link-worker-texts";
export const WORKER_TEXTS_PATH = "/__worker-texts.json";
export interface WorkerTexts {
  newNotification: string;
}

/** Posted to a waiting service worker when the person clicks "Reload" in the update prompt. */
export const SKIP_WAITING_MESSAGE = "SKIP_WAITING";

/**
 * GET paths answered from the last copy when offline: who is signed in (the shell needs it to open at all),
 * the Discover deck, My Events, the group list with its members and messages, notifications, event pages and tickets.
 */
export const OFFLINE_READABLE_API: readonly RegExp[] = [
  /^\/api\/user$/,
  /^\/api\/events\/swipe\/\d+$/,
  /^\/api\/events\/user$/,
  /^\/api\/groups\/user$/,
  /^\/api\/groups\/\d+\/(members|events)$/,
  /^\/api\/chat\/messages\/\d+$/,
  /^\/api\/notifications$/,
  // An event's page and a guest's ticket: the QR code must open at a door without signal.
  /^\/api\/events\/\d+$/,
  /^\/api\/events\/\d+\/ticket$/,
];

/** Drops every offline copy of API reads and pages (sign-out, sign-in as someone else). */
export async function clearOfflineApiCache() {
  if (typeof caches === "undefined") return;
  await Promise.all([caches.delete(API_CACHE_NAME), caches.delete(PAGES_CACHE_NAME)]);
}

/**
 * Replaces the offline copy of an API read with what the screen holds now: a chat whose messages arrive
 * over the socket keeps its copy current, so opened offline it shows its last messages, not its first.
 */
export async function saveOfflineCopy(path: string, body: unknown) {
  if (typeof caches === "undefined") return;
  const cache = await caches.open(API_CACHE_NAME);
  await cache.put(
    new URL(path, window.location.origin).href,
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );
}
