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
 * The reads a screen chose to keep on the device (lib/offline-keep.ts): the events a person goes to, kept when a
 * list first shows them, whether or not their pages were opened. Apart from API_CACHE_NAME, whose size limit
 * would drop them; read by the service worker when the network and that cache both fail. Deleted on sign-out too.
 */
export const KEPT_CACHE_NAME = "link-kept";

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
  // An event's page, a guest's ticket, the hosts' updates, the guests' conversation and a series' other dates:
  // the QR code must open at a door without signal.
  /^\/api\/events\/\d+$/,
  /^\/api\/events\/\d+\/(ticket|updates|conversation|occurrences)$/,
  // A guest's People to meet: their opt-in and their agenda of meetings, to find their table without signal.
  /^\/api\/events\/\d+\/(matching|meetings)$/,
];

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
