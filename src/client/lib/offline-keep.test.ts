import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KEPT_CACHE_NAME, PAGES_CACHE_NAME } from "./offline-api";
import { clearOfflineApiCache, forgetKeptPages, keepOffline } from "./offline-keep";

/** Cache Storage as a browser keeps it, in memory: what the page writes is what the service worker reads. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const cacheOf = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (url: string) => store.get(url)?.clone(),
      put: async (url: string, response: Response) => void store.set(url, response.clone()),
      delete: async (url: string) => store.delete(url),
    };
  };
  vi.stubGlobal("caches", {
    open: async (name: string) => cacheOf(name),
    delete: async (name: string) => stores.delete(name),
  });
  return {
    paths: (name = KEPT_CACHE_NAME) =>
      [...(stores.get(name)?.keys() ?? [])].map((url) => new URL(url).pathname + new URL(url).search).sort(),
    text: async (path: string) =>
      await stores.get(KEPT_CACHE_NAME)?.get(new URL(path, location.origin).href)?.clone().text(),
  };
}

/** The server: a path's answer, or a refusal; records every path read. */
function server(answers: Record<string, unknown>) {
  const read: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      read.push(url);
      return url in answers
        ? new Response(JSON.stringify(answers[url]), { headers: { date: new Date().toUTCString() } })
        : new Response(JSON.stringify({ message: "You're not going" }), { status: 403 });
    }),
  );
  return read;
}

let storage: ReturnType<typeof memoryCaches>;
beforeEach(() => {
  storage = memoryCaches();
});
afterEach(() => vi.unstubAllGlobals());

describe("keepOffline", () => {
  it("keeps an answer given and fetches the others once, skipping paths the worker never answers offline", async () => {
    const read = server({ "/api/events/5": { id: 5 }, "/api/events/5/ticket": { code: "t" } });
    const reads = [
      { path: "/api/events/user?userId=1", body: [{ id: 5 }] },
      { path: "/api/events/5" },
      { path: "/api/events/5/ticket" },
      { path: "/api/events/5/guests" },
    ];
    await keepOffline("my-events", reads);
    expect(storage.paths().filter((p) => !p.startsWith("/__"))).toEqual([
      "/api/events/5",
      "/api/events/5/ticket",
      "/api/events/user?userId=1",
    ]);
    expect(await storage.text("/api/events/5/ticket")).toBe('{"code":"t"}');
    // Kept a moment ago: shown again, the list does not read them again.
    await keepOffline("my-events", reads);
    expect(read).toEqual(["/api/events/5", "/api/events/5/ticket"]);
  });

  it("drops what its owner no longer names, and keeps what another owner still names", async () => {
    server({ "/api/events/5": { id: 5 }, "/api/events/6": { id: 6 } });
    await keepOffline("my-events", [{ path: "/api/events/5" }, { path: "/api/events/6" }]);
    await keepOffline("agenda", [{ path: "/api/events/5" }]);
    await keepOffline("account", [{ path: "/api/user", body: { id: 1 } }]);
    await keepOffline("my-events", [{ path: "/api/events/6" }]);
    expect(storage.paths().filter((p) => !p.startsWith("/__"))).toEqual([
      "/api/events/5",
      "/api/events/6",
      "/api/user",
    ]);
    await keepOffline("agenda", []);
    expect(storage.paths().filter((p) => !p.startsWith("/__"))).toEqual(["/api/events/6", "/api/user"]);
  });

  it("reads an old copy again, and drops it when the server now refuses it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    server({ "/api/events/6/ticket": { code: "t" } });
    await keepOffline("my-events", [{ path: "/api/events/6/ticket" }]);
    expect(storage.paths()).toContain("/api/events/6/ticket");
    vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000);
    // The guest left the event elsewhere: their ticket is refused now.
    const read = server({});
    await keepOffline("my-events", [{ path: "/api/events/6/ticket" }]);
    expect(read).toEqual(["/api/events/6/ticket"]);
    expect(storage.paths()).not.toContain("/api/events/6/ticket");
    vi.useRealTimers();
  });

  it("writes nothing more for a person who signed out while their list was being kept", async () => {
    server({ "/api/events/5": { id: 5 } });
    const keeping = keepOffline("my-events", [{ path: "/api/events/5" }]);
    await clearOfflineApiCache();
    await keeping;
    expect(storage.paths()).toEqual([]);
  });

  it("after a change of language, forgets the pages kept in the old one and keeps the reads the app opens offline with", async () => {
    server({ "/api/events/5": { id: 5 } });
    await keepOffline("my-events", [{ path: "/api/events/5" }]);
    const pages = await caches.open(PAGES_CACHE_NAME);
    await pages.put(new URL("/my-events", location.origin).href, new Response('<html lang="en">'));
    expect(storage.paths(PAGES_CACHE_NAME)).toEqual(["/my-events"]);
    await forgetKeptPages();
    expect(storage.paths(PAGES_CACHE_NAME)).toEqual([]);
    expect(storage.paths()).toContain("/api/events/5");
  });
});
