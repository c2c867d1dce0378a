// The service worker's side of the kept reads (lib/offline-keep.ts writes them from the page): a plugin for the
// API reads' NetworkFirst strategy in sw.ts. Imported by the worker only.
import type { WorkboxPlugin } from "workbox-core/types";
import { KEPT_CACHE_NAME } from "./offline-api";

async function keptCopy(url: string): Promise<Response | undefined> {
  if (!(await caches.has(KEPT_CACHE_NAME))) return undefined;
  return (await caches.open(KEPT_CACHE_NAME)).match(url);
}

/** When an answer was written: its Date header (the server's, or the page's when it kept what it had read). */
const writtenAt = (response: Response) => Date.parse(response.headers.get("date") ?? "") || 0;

/**
 * Offline, the newer of the two copies answers: the API cache's (what a screen read under this worker) or the
 * kept one (what a list kept, maybe without its page ever being opened, or read before this worker took over).
 * Online, a fresh answer also replaces a kept copy, so it is as new as the last time the person saw it.
 */
export const keptCopies: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
    const kept = await keptCopy(request.url);
    if (!kept) return cachedResponse ?? null;
    if (!cachedResponse) return kept;
    return writtenAt(kept) > writtenAt(cachedResponse) ? kept : cachedResponse;
  },
  cacheDidUpdate: async ({ request, newResponse }) => {
    if (!(await keptCopy(request.url))) return;
    await (await caches.open(KEPT_CACHE_NAME)).put(request.url, newResponse);
  },
};
