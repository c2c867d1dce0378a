// Keeps chosen API reads on this device, so the screens that read them open offline even if the person never
// opened them online (the events they go to, kept when My Events first shows them). The service worker answers
// from these copies when the network fails (lib/offline-kept-copies.ts). Each owner (a list) names the whole set
// it wants kept; a later call replaces it, so what nobody names any more (an event left, one that is over) goes.
import { api } from "./api";
import { API_CACHE_NAME, KEPT_CACHE_NAME, OFFLINE_READABLE_API, PAGES_CACHE_NAME } from "./offline-api";

/** A read to keep: its path, and its answer when the screen already has it (else it is fetched). */
export interface KeptRead {
  path: string;
  body?: unknown;
}

/** Which paths each owner keeps, stored beside the copies so a sign-out's delete takes it too. */
const MANIFEST_PATH = "/__kept-owners.json";
/** A kept copy older than this is read again the next time its list shows it online. */
const REFRESH_AFTER_MS = 60 * 60 * 1000;
/** Reads fetched at once: enough to keep a list quickly, few enough to leave the network to the screen. */
const PARALLEL_FETCHES = 3;

/** Each sign-in or sign-out starts a new generation: a keep still running for the last person stops writing. */
let generation = 0;
/** One keep at a time in this tab: each reads and rewrites the owners' manifest. */
let queue: Promise<void> = Promise.resolve();

/**
 * Drops every offline copy of API reads, kept ones too, and the pages kept for the next open (sign-out, sign-in
 * as someone else), and whatever a keep still running for the last person would write.
 */
export async function clearOfflineApiCache() {
  generation += 1;
  if (typeof caches === "undefined") return;
  await Promise.all([caches.delete(API_CACHE_NAME), caches.delete(KEPT_CACHE_NAME), caches.delete(PAGES_CACHE_NAME)]);
}

/**
 * Drops the pages kept for the next open (they are painted before the app starts): after a change of the account's
 * language they are in the language it spoke before. The API copies stay, so the app still opens offline.
 */
export async function forgetKeptPages() {
  if (typeof caches === "undefined") return;
  await caches.delete(PAGES_CACHE_NAME);
}

const urlOf = (path: string) => new URL(path, window.location.origin).href;
const readable = (path: string) => OFFLINE_READABLE_API.some((pattern) => pattern.test(new URL(urlOf(path)).pathname));
const writtenAt = (response: Response) => Date.parse(response.headers.get("date") ?? "") || 0;

async function readManifest(cache: Cache): Promise<Record<string, string[]>> {
  try {
    return ((await (await cache.match(urlOf(MANIFEST_PATH)))?.json()) as Record<string, string[]>) ?? {};
  } catch {
    return {};
  }
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    headers: { "content-type": "application/json", date: new Date().toUTCString() },
  });

/** Brings one read's copy up to date: the answer given, else the server's (a refusal drops the copy). */
async function keepOne(cache: Cache, read: KeptRead, now: number, current: () => boolean) {
  const url = urlOf(read.path);
  if (read.body !== undefined) {
    if (current()) await cache.put(url, json(read.body));
    return;
  }
  const kept = await cache.match(url);
  if (kept && now - writtenAt(kept) < REFRESH_AFTER_MS) return;
  if (!navigator.onLine) return;
  try {
    const response = await api.send("GET", read.path);
    if (current()) await cache.put(url, response);
  } catch (error) {
    // Not the person's to read any more (no longer going, the event gone): nothing to keep. A network failure
    // keeps the copy there is.
    if (!(error instanceof TypeError) && current()) await cache.delete(url);
  }
}

async function keep(owner: string, reads: KeptRead[], current: () => boolean) {
  if (!current()) return;
  const cache = await caches.open(KEPT_CACHE_NAME);
  const wanted = reads.filter((read) => readable(read.path));
  const now = Date.now();
  for (let i = 0; i < wanted.length && current(); i += PARALLEL_FETCHES) {
    await Promise.all(wanted.slice(i, i + PARALLEL_FETCHES).map((read) => keepOne(cache, read, now, current)));
  }
  if (!current()) return;
  const manifest = await readManifest(cache);
  const before = new Set(Object.values(manifest).flat());
  manifest[owner] = wanted.map((read) => read.path);
  const after = new Set(Object.values(manifest).flat());
  await Promise.all([...before].filter((path) => !after.has(path)).map((path) => cache.delete(urlOf(path))));
  await cache.put(urlOf(MANIFEST_PATH), json(manifest));
}

/**
 * Keeps `reads` on this device as `owner`'s set, replacing what that owner kept before. Only paths the service
 * worker answers offline (OFFLINE_READABLE_API) are kept. Never throws: a full or blocked storage keeps nothing.
 */
export function keepOffline(owner: string, reads: KeptRead[]): Promise<void> {
  if (typeof caches === "undefined") return Promise.resolve();
  // The person this was asked for: a sign-out before the keep runs (or while it runs) stops its writes.
  const mine = generation;
  const current = () => mine === generation;
  queue = queue.then(() => keep(owner, reads, current)).catch(() => {});
  return queue;
}
