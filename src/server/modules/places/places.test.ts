import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLACE_RESULTS_MAX, PLACE_SEARCHES_PER_MINUTE, type PlacesResult } from "#contract/places";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { gazetteerLoaded } from "./gazetteer";
import { createGeocoder } from "./geocoder";
import { BoundedCache } from "./service";

/** A tiny HTTP server that answers like Photon (GeoJSON), or however a test tells it to. */
async function fakeGeocoder(
  answer: (url: URL, req: IncomingMessage) => { status?: number; body: string; delayMs?: number },
) {
  const calls: Array<{ url: URL; userAgent: string | undefined }> = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    calls.push({ url, userAgent: req.headers["user-agent"] });
    const { status = 200, body, delayMs = 0 } = answer(url, req);
    setTimeout(() => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(body);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const photonFerryBuilding = JSON.stringify({
  type: "FeatureCollection",
  features: [
    {
      type: "Feature",
      geometry: { type: "Point", coordinates: [-122.3937, 37.7955] },
      properties: {
        name: "Ferry Building",
        street: "The Embarcadero",
        housenumber: "1",
        city: "San Francisco",
        state: "California",
        country: "United States",
      },
    },
    // Out of range: dropped, never passed on.
    { type: "Feature", geometry: { type: "Point", coordinates: [-500, 37] }, properties: { name: "Nowhere" } },
    {
      type: "Feature",
      geometry: {
        type: "LineString",
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
      properties: { name: "A road" },
    },
  ],
});

describe("GET /api/places (offline gazetteer)", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await registerUser(t.app)).cookie;
  });
  afterAll(() => t.close());

  it("is not loaded at start-up, only by the first search", async () => {
    expect(gazetteerLoaded()).toBe(false);
    const res = await as(t.app, cookie)({ method: "GET", url: "/api/places?q=san%20fran" });
    expect(res.statusCode).toBe(200);
    expect(gazetteerLoaded()).toBe(true);
  });

  it("finds cities by the start of their name or of a word in it, largest first, with coordinates", async () => {
    const res = await as(t.app, cookie)({ method: "GET", url: "/api/places?q=San%20Fran" });
    const body = res.json() as PlacesResult;
    expect(body.addressSearch).toBe(false);
    expect(body.places.length).toBeLessThanOrEqual(PLACE_RESULTS_MAX);
    expect(body.places[0]).toEqual({
      name: "San Francisco",
      detail: "CA, United States",
      label: "San Francisco, CA, United States",
      latitude: 37.77493,
      longitude: -122.41942,
      source: "city",
      timezone: "America/Los_Angeles",
    });
    const byWord = (await as(t.app, cookie)({ method: "GET", url: "/api/places?q=francisco" })).json() as PlacesResult;
    expect(byWord.places.map((p) => p.label)).toContain("San Francisco, CA, United States");
  });

  it("ignores accents and case, and narrows by what follows a comma", async () => {
    const accents = (
      await as(t.app, cookie)({ method: "GET", url: "/api/places?q=SAO%20PAULO" })
    ).json() as PlacesResult;
    expect(accents.places[0].label).toBe("São Paulo, Brazil");
    const paris = (await as(t.app, cookie)({ method: "GET", url: "/api/places?q=paris" })).json() as PlacesResult;
    expect(paris.places[0].label).toBe("Paris, France");
    const inUs = (
      await as(t.app, cookie)({ method: "GET", url: "/api/places?q=paris%2C%20us" })
    ).json() as PlacesResult;
    expect(inUs.places.length).toBeGreaterThan(3);
    expect(inUs.places.every((p) => p.detail.endsWith("United States"))).toBe(true);
    const texas = (
      await as(t.app, cookie)({ method: "GET", url: "/api/places?q=paris%2C%20tx" })
    ).json() as PlacesResult;
    expect(texas.places.map((p) => p.label)).toEqual(["Paris, TX, United States"]);
    const none = (await as(t.app, cookie)({ method: "GET", url: "/api/places?q=zzqx" })).json() as PlacesResult;
    expect(none.places).toEqual([]);
  });

  it("refuses a missing, too short, too long or control-character query with 400", async () => {
    for (const [q, message] of [
      ["", "q: at least 2 characters"],
      ["a", "q: at least 2 characters"],
      ["x".repeat(101), "q: at most 100 characters"],
    ]) {
      const res = await as(t.app, cookie)({ method: "GET", url: `/api/places?q=${q}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await as(t.app, cookie)({ method: "GET", url: "/api/places" })).statusCode).toBe(400);
    expect((await as(t.app, cookie)({ method: "GET", url: "/api/places?q=pa%00ris" })).statusCode).toBe(400);
  });

  it("needs a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/places?q=paris" });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/places/addresses?q=paris" })).statusCode).toBe(401);
  });

  it(`answers 429 with Retry-After after ${PLACE_SEARCHES_PER_MINUTE} searches a minute by one user, not for another`, async () => {
    const busy = await registerUser(t.app);
    for (let i = 0; i < PLACE_SEARCHES_PER_MINUTE; i++) {
      expect((await as(t.app, busy.cookie)({ method: "GET", url: "/api/places?q=paris" })).statusCode).toBe(200);
    }
    const refused = await as(t.app, busy.cookie)({ method: "GET", url: "/api/places?q=paris" });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many place searches, try again in \d+ s$/);
    expect((await as(t.app, cookie)({ method: "GET", url: "/api/places?q=paris" })).statusCode).toBe(200);
  });

  it("has no address search without GEOCODER_URL: 404 with a message", async () => {
    const res = await as(t.app, cookie)({ method: "GET", url: "/api/places/addresses?q=ferry%20building" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: "Address search is not configured" });
  });
});

describe("GET /api/places/addresses (GEOCODER_URL set)", () => {
  it("asks a Photon-compatible geocoder, keeps only valid points, caches the answer", async () => {
    const photon = await fakeGeocoder(() => ({ body: photonFerryBuilding }));
    const t = await createTestApp({ GEOCODER_URL: `${photon.url}/api` });
    try {
      const { cookie } = await registerUser(t.app);
      const cities = (await as(t.app, cookie)({ method: "GET", url: "/api/places?q=paris" })).json() as PlacesResult;
      expect(cities.addressSearch).toBe(true);
      const res = await as(t.app, cookie)({ method: "GET", url: "/api/places/addresses?q=Ferry%20Building" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        addressSearch: true,
        places: [
          {
            name: "Ferry Building",
            detail: "The Embarcadero 1, San Francisco, California, United States",
            label: "Ferry Building, The Embarcadero 1, San Francisco, California, United States",
            latitude: 37.7955,
            longitude: -122.3937,
            source: "address",
            timezone: "America/Los_Angeles",
          },
        ],
      });
      expect(photon.calls).toHaveLength(1);
      expect(photon.calls[0].url.pathname).toBe("/api");
      expect(photon.calls[0].url.searchParams.get("q")).toBe("Ferry Building");
      expect(photon.calls[0].url.searchParams.get("limit")).toBe(String(PLACE_RESULTS_MAX));
      expect(photon.calls[0].userAgent).toMatch(/^Link\//);
      // The same search (any case) within a day is answered from the cache.
      const again = await as(t.app, cookie)({ method: "GET", url: "/api/places/addresses?q=ferry%20building" });
      expect(again.json().places).toHaveLength(1);
      expect(photon.calls).toHaveLength(1);
      // Two identical searches at once share one geocoder call (and one unit of its budget).
      await new Promise((r) => setTimeout(r, 1100));
      const both = await Promise.all([
        as(t.app, cookie)({ method: "GET", url: "/api/places/addresses?q=Embarcadero" }),
        as(t.app, cookie)({ method: "GET", url: "/api/places/addresses?q=embarcadero" }),
      ]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(photon.calls).toHaveLength(2);
    } finally {
      await t.close();
      await photon.close();
    }
  });

  it("speaks Nominatim's GeoJSON when the URL ends in /search", async () => {
    const nominatim = await fakeGeocoder(() => ({
      body: JSON.stringify({
        type: "FeatureCollection",
        features: [
          {
            type: "Feature",
            geometry: { type: "Point", coordinates: [-122.4862, 37.7694] },
            properties: {
              name: "Golden Gate Park",
              display_name: "Golden Gate Park, San Francisco, California, United States",
            },
          },
        ],
      }),
    }));
    const t = await createTestApp({ GEOCODER_URL: `${nominatim.url}/search` });
    try {
      const { cookie } = await registerUser(t.app);
      const res = await as(t.app, cookie)({ method: "GET", url: "/api/places/addresses?q=golden%20gate%20park" });
      expect(res.json().places[0]).toMatchObject({
        name: "Golden Gate Park",
        detail: "San Francisco, California, United States",
        latitude: 37.7694,
      });
      expect(nominatim.calls[0].url.searchParams.get("format")).toBe("geojson");
    } finally {
      await t.close();
      await nominatim.close();
    }
  });

  it("turns a failing or garbled geocoder into 502 {message}, remembers no failure, and holds the global budget", async () => {
    let mode: "error" | "garbled" | "ok" = "error";
    const geo = await fakeGeocoder(() =>
      mode === "error"
        ? { status: 500, body: "{}" }
        : mode === "garbled"
          ? { body: "<html>" }
          : { body: photonFerryBuilding },
    );
    // The budget follows the app's clock, which only this test moves: however slow the host, the
    // first two searches fall in one second and the later ones in the next.
    let clock = Date.parse("2026-03-02T10:00:00.000Z");
    const t = await createTestApp({ GEOCODER_URL: `${geo.url}/api` }, { now: () => new Date(clock) });
    try {
      const { cookie } = await registerUser(t.app);
      const failed = await as(t.app, cookie)({ method: "GET", url: "/api/places/addresses?q=ferry" });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ message: "Address search is unavailable right now" });
      // One geocoder call a second from all of Link: a second call in the same second is refused.
      const busy = await as(t.app, cookie)({ method: "GET", url: "/api/places/addresses?q=ferry%20b" });
      expect(busy.statusCode).toBe(429);
      expect(busy.headers["retry-after"]).toBe("1");
      expect(busy.json().message).toBe("Address search is busy, try again in 1 s");
      clock += 999;
      expect((await as(t.app, cookie)({ method: "GET", url: "/api/places/addresses?q=ferry%20c" })).statusCode).toBe(
        429,
      );
      clock += 1;
      mode = "garbled";
      expect((await as(t.app, cookie)({ method: "GET", url: "/api/places/addresses?q=ferry" })).statusCode).toBe(502);
      clock += 1000;
      mode = "ok";
      const ok = await as(t.app, cookie)({ method: "GET", url: "/api/places/addresses?q=ferry" });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().places).toHaveLength(1);
    } finally {
      await t.close();
      await geo.close();
    }
  });
});

describe("createGeocoder", () => {
  it("gives up after its timeout with 504", async () => {
    const slow = await fakeGeocoder(() => ({ body: photonFerryBuilding, delayMs: 1000 }));
    try {
      const failures: unknown[] = [];
      const geocoder = createGeocoder(`${slow.url}/api`, {
        userAgent: "test",
        timeoutMs: 100,
        onFailure: (e) => failures.push(e),
      });
      const started = Date.now();
      await expect(geocoder.search("ferry")).rejects.toMatchObject({
        statusCode: 504,
        message: "Address search is unavailable right now",
      });
      expect(Date.now() - started).toBeLessThan(900);
      expect(failures).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it("refuses an answer larger than it can be for a few places", async () => {
    const huge = await fakeGeocoder(() => ({ body: JSON.stringify({ features: [], pad: "x".repeat(600 * 1024) }) }));
    try {
      const geocoder = createGeocoder(`${huge.url}/api`, { userAgent: "test" });
      await expect(geocoder.search("ferry")).rejects.toMatchObject({ statusCode: 502 });
    } finally {
      await huge.close();
    }
  });
});

describe("BoundedCache", () => {
  it("forgets the least recently used entry first, and entries past their age", () => {
    const cache = new BoundedCache<number>(2, 1000);
    cache.set("a", 1, 0);
    cache.set("b", 2, 0);
    expect(cache.get("a", 10)).toBe(1);
    cache.set("c", 3, 10);
    expect(cache.get("b", 10)).toBeUndefined();
    expect(cache.get("a", 10)).toBe(1);
    expect(cache.get("a", 2000)).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});

describe("events and their place", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("an event with the picked coordinates is found nearby; without them, or once they are removed, it is not", async () => {
    const host = await registerUser(t.app);
    const guest = await registerUser(t.app);
    const create = (title: string, place: Record<string, string>) =>
      as(
        t.app,
        host.cookie,
      )({
        method: "POST",
        url: "/api/events",
        payload: {
          title,
          description: "d",
          date: new Date(Date.now() + 86_400_000).toISOString(),
          location: "Park",
          hostId: host.user.id,
          type: "social",
          ...place,
        },
      });
    // What the dialog sends for San Francisco picked from GET /api/places.
    const placed = (await create("Placed", { latitude: "37.77493", longitude: "-122.41942" })).json() as { id: number };
    const unplaced = (await create("Unplaced", {})).json() as { id: number };
    // 5 km due north.
    const nearby = async () =>
      (
        await as(
          t.app,
          guest.cookie,
        )({ method: "GET", url: "/api/events/nearby?lat=37.81990&lng=-122.41942&radius=10" })
      ).json() as Array<{ id: number; distanceKm: number }>;
    const found = await nearby();
    expect(found.find((e) => e.id === placed.id)?.distanceKm).toBeCloseTo(5, 1);
    expect(found.some((e) => e.id === unplaced.id)).toBe(false);
    const feed = (
      await as(
        t.app,
        guest.cookie,
      )({ method: "GET", url: `/api/events/swipe/${guest.user.id}?lat=37.81990&lng=-122.41942&radius=25` })
    ).json() as {
      events: Array<{ id: number; distanceKm: number | null }>;
    };
    expect(feed.events.find((e) => e.id === placed.id)?.distanceKm).toBe(5);
    expect(feed.events.some((e) => e.id === unplaced.id)).toBe(false);
    // Edit Event's "Remove place" sends empty coordinates: the event leaves radius queries.
    const removed = await as(
      t.app,
      host.cookie,
    )({ method: "PATCH", url: `/api/events/${placed.id}`, payload: { latitude: "", longitude: "" } });
    expect(removed.statusCode).toBe(200);
    expect((await nearby()).some((e) => e.id === placed.id)).toBe(false);
  });
});
