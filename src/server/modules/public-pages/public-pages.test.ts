import { eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { SITEMAPS_PER_MINUTE } from "#contract/hosts";
import { events } from "#server/modules/events/schema";
import { users } from "#server/modules/users/schema";
import { cspDirectives, scriptSources } from "#server/test/csp";
import { createGroup, eventSuite, inDays, type Who } from "#server/test/factories";
import { parseCalendar } from "#server/test/ical";
import { publicPagesRepository } from "./repository";
import { publicPagesService } from "./service";

const ORIGIN = "https://link.example";
const { app, signUp, createEvent, participate } = eventSuite({ PUBLIC_ORIGIN: ORIGIN });
const get = (url: string, who?: Who) =>
  who ? who.call({ method: "GET", url }) : app().app.inject({ method: "GET", url });
const db = () => app().database.db;

/**
 * A host with one event of each kind: a public upcoming one, one canceled, one moved, one past, and the
 * ones nobody outside may see (close friends only, hidden by a moderator, a group's plan).
 */
async function hostWithEvents() {
  const host = await signUp({ fullName: "Maya Host", bio: "Dinners in the Mission" });
  const upcoming = await createEvent(host, { title: "Open Supper", date: inDays(5).toISOString() });
  const canceled = await createEvent(host, { title: "Rained Out", date: inDays(6).toISOString() });
  await host.call({ method: "DELETE", url: `/api/events/${canceled.id}` });
  const moved = await createEvent(host, { title: "Moved Brunch", date: inDays(7).toISOString() });
  await host.call({ method: "PATCH", url: `/api/events/${moved.id}`, payload: { date: inDays(8).toISOString() } });
  const past = await createEvent(host, { title: "Last Month", date: inDays(3).toISOString() });
  await db()
    .update(events)
    .set({ date: inDays(-30) })
    .where(eq(events.id, past.id));
  // An audience the app no longer offers: rows made with it before stay off every public page.
  const close = await createEvent(host, { title: "CANARY close friends" });
  await db()
    .update(events)
    .set({ friendGroupId: "close" as "all" })
    .where(eq(events.id, close.id));
  const hidden = await createEvent(host, { title: "CANARY hidden" });
  await db().update(events).set({ hiddenAt: new Date() }).where(eq(events.id, hidden.id));
  const group = await createGroup(host);
  const plan = await host.call({
    method: "POST",
    url: "/api/events",
    payload: { title: "CANARY group plan", date: inDays(4).toISOString(), groupId: group.id },
  });
  expect(plan.statusCode).toBe(201);
  return { host, upcoming, canceled, moved, past };
}

async function block(blocker: Who, blocked: Who) {
  expect((await blocker.call({ method: "POST", url: "/api/blocks", payload: { userId: blocked.id } })).statusCode).toBe(
    200,
  );
}

const hostUrls = (username: string) => [
  `/api/hosts/${username}`,
  `/api/hosts/${username}/calendar.ics`,
  `/embed/u/${username}`,
];

describe("GET /api/hosts/{username}", () => {
  it("signed out: name, photo, bio, followers, past count and upcoming public events only; never an e-mail or position", async () => {
    const { host, upcoming, moved } = await hostWithEvents();
    const fan = await signUp();
    await fan.call({ method: "POST", url: `/api/users/${host.id}/follow` });
    // Any case of the name finds the page.
    const res = await get(`/api/hosts/${host.user.username.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      id: host.id,
      fullName: "Maya Host",
      username: host.user.username,
      profileImage: null,
      bio: "Dinners in the Mission",
      followers: 1,
      following: false,
      pastEvents: 1,
    });
    expect(page.events.map((e: { id: number }) => e.id)).toEqual([upcoming.id, moved.id]);
    expect(res.body).not.toContain("CANARY");
    expect(res.body).not.toContain("Rained Out");
    expect(res.body).not.toContain(host.user.email);
    expect(Object.keys(page).sort()).toEqual(
      ["bio", "events", "followers", "following", "fullName", "id", "pastEvents", "profileImage", "username"].sort(),
    );
    // A follower sees that they follow.
    expect((await get(`/api/hosts/${host.user.username}`, fan)).json().following).toBe(true);
  });

  it("404 alike for an unknown name, across a block either way, and after the owner turns the page off; 400 for a bad name", async () => {
    const { host } = await hostWithEvents();
    const blocked = await signUp();
    const blocker = await signUp();
    const stranger = await signUp();
    await block(host, blocked);
    await block(blocker, host);
    for (const url of hostUrls(host.user.username)) {
      expect((await get(url)).statusCode, url).toBe(200);
      expect((await get(url, stranger)).statusCode, url).toBe(200);
      for (const viewer of [blocked, blocker]) {
        const res = await get(url, viewer);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain("Open Supper");
      }
    }
    for (const url of hostUrls("nobody-here")) expect((await get(url)).statusCode, url).toBe(404);
    expect((await get("/api/hosts/bad%20name")).statusCode).toBe(400);

    // On by default, off from Settings › Privacy: every public view of the page goes at once.
    expect((await get("/api/users/current", host)).json().publicProfile).toBe(true);
    const off = await host.call({ method: "PATCH", url: `/api/users/${host.id}`, payload: { publicProfile: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().publicProfile).toBe(false);
    for (const url of hostUrls(host.user.username)) {
      for (const viewer of [undefined, stranger, host]) expect((await get(url, viewer)).statusCode, url).toBe(404);
    }
    // Someone else cannot turn it back on; the owner can.
    const other = await stranger.call({
      method: "PATCH",
      url: `/api/users/${host.id}`,
      payload: { publicProfile: true },
    });
    expect(other.statusCode).toBe(403);
    expect((await get(`/api/hosts/${host.user.username}`)).statusCode).toBe(404);
    const bad = await host.call({ method: "PATCH", url: `/api/users/${host.id}`, payload: { publicProfile: "yes" } });
    expect(bad.statusCode).toBe(400);
    await host.call({ method: "PATCH", url: `/api/users/${host.id}`, payload: { publicProfile: true } });
    expect((await get(`/api/hosts/${host.user.username}`)).statusCode).toBe(200);
  });

  it("a suspended host has no page", async () => {
    const { host } = await hostWithEvents();
    await db().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, host.id));
    for (const url of hostUrls(host.user.username)) expect((await get(url)).statusCode, url).toBe(404);
  });
});

describe("GET /api/hosts/{username}/calendar.ics", () => {
  it("the host's upcoming public events, read by ical.js: stable UIDs, SEQUENCE after a move, CANCELLED, TZID", async () => {
    const { host, upcoming, canceled, moved, past } = await hostWithEvents();
    const guest = await signUp();
    await participate(guest, upcoming.id, "going");
    const res = await get(`/api/hosts/${host.user.username}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/calendar");
    expect(res.body).not.toContain("CANARY");
    const calendar = parseCalendar(res.body);
    expect(calendar.name).toBe("Maya Host on Link");
    expect([...calendar.events.keys()]).toEqual([upcoming.id, canceled.id, moved.id].map((id) => `event-${id}@link`));
    expect(calendar.events.has(`event-${past.id}@link`)).toBe(false);
    const entry = (id: number) => calendar.events.get(`event-${id}@link`);
    expect(entry(upcoming.id)).toMatchObject({
      summary: "Open Supper",
      status: "CONFIRMED",
      sequence: 0,
      tzid: "America/New_York",
      url: `${ORIGIN}/events/${upcoming.id}`,
    });
    expect(entry(canceled.id)).toMatchObject({ status: "CANCELLED", sequence: 1 });
    expect(entry(moved.id)).toMatchObject({ status: "CONFIRMED", sequence: 1 });
    expect(calendar.zones).toEqual(["America/New_York"]);
    // The same UID as the event's own export and the guest's feed: one entry in a calendar that has both.
    const own = parseCalendar((await get(`/api/events/${upcoming.id}/calendar.ics`, guest)).body);
    expect([...own.events.keys()]).toEqual([`event-${upcoming.id}@link`]);
  });

  it("gives the place's name, never the exact pin (the preview and the structured data keep it back too)", async () => {
    const host = await signUp();
    const pinned = await createEvent(host, {
      title: "Pinned picnic",
      latitude: "40.7127281",
      longitude: "-74.0060152",
    });
    const res = await get(`/api/hosts/${host.user.username}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    const unfolded = res.body.replace(/\r?\n[ \t]/g, "");
    expect(unfolded).toContain("LOCATION:Luigi's");
    expect(unfolded).not.toMatch(/GEO|40\.712|74\.006/);
    // The guest's own export of the same event keeps the pin: it is the guest's event.
    const guest = await signUp();
    await participate(guest, pinned.id, "going");
    expect((await get(`/api/events/${pinned.id}/calendar.ics`, guest)).body).toMatch(/GEO:40\.71\d*;-74\.00\d*/);
  });
});

describe("GET /embed/u/{username}", () => {
  it("server-rendered HTML any site may frame, each event linking to its page, light and dark, no script", async () => {
    const { host, upcoming, moved } = await hostWithEvents();
    const res = await get(`/embed/u/${host.user.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    // The whole policy, directive by directive: any site may frame it, and it may run no script at all.
    expect(cspDirectives(res.headers["content-security-policy"])).toEqual({
      "default-src": "'none'",
      "style-src": "'unsafe-inline'",
      "img-src": "'self'",
      "base-uri": "'none'",
      "form-action": "'none'",
      "frame-ancestors": "*",
    });
    expect(scriptSources(res.headers["content-security-policy"])).toBe("'none'");
    expect(res.headers["x-frame-options"]).toBeUndefined();
    const document = new JSDOM(res.body).window.document;
    const links = [...document.querySelectorAll("a.event")].map((a) => a.getAttribute("href"));
    expect(links).toEqual([`${ORIGIN}/events/${upcoming.id}`, `${ORIGIN}/events/${moved.id}`]);
    expect(document.querySelector("h1")?.textContent).toBe("Upcoming events by Maya Host");
    expect(document.querySelector("footer a")?.getAttribute("href")).toBe(`${ORIGIN}/u/${host.user.username}`);
    expect(document.querySelectorAll("script, link[rel=stylesheet]")).toHaveLength(0);
    expect(res.body).not.toContain("CANARY");
    expect(res.body).not.toContain("Rained Out");
    const css = document.querySelector("style")?.textContent ?? "";
    expect(css).toContain("prefers-color-scheme:dark");
    expect(css.length).toBeLessThan(4096);
    expect(
      new JSDOM((await get(`/embed/u/${host.user.username}?theme=dark`)).body).window.document.documentElement
        .className,
    ).toBe("dark");
    expect((await get(`/embed/u/${host.user.username}?theme=pink`)).statusCode).toBe(400);

    // The app itself still refuses to be framed.
    const api = await get(`/api/hosts/${host.user.username}`);
    expect(api.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(api.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("escapes what the host wrote", async () => {
    const host = await signUp({ fullName: "<b>Eve</b>" });
    await createEvent(host, { title: `<img src=x onerror=alert(1)>`, location: `"><script>x</script>` });
    const res = await get(`/embed/u/${host.user.username}`);
    expect(res.body).not.toContain("<img src=x");
    expect(res.body).not.toContain("<script>x");
    expect(res.body).not.toContain("<b>Eve");
  });
});

/** The sitemaps.org schema (sitemap.xsd and siteindex.xsd), as strict structural checks of a parsed document. */
function validateSitemap(xml: string, origin: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const document = new JSDOM(xml, { contentType: "application/xml" }).window.document;
  expect(document.querySelector("parsererror")).toBeNull();
  const root = document.documentElement;
  expect(root.namespaceURI).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  expect(["urlset", "sitemapindex"]).toContain(root.localName);
  const entryName = root.localName === "urlset" ? "url" : "sitemap";
  const entries = [...root.children];
  expect(entries.length).toBeLessThanOrEqual(50_000);
  const w3cDatetime = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
  const locs: string[] = [];
  for (const entry of entries) {
    expect(entry.localName).toBe(entryName);
    expect(entry.namespaceURI).toBe(root.namespaceURI);
    const children = [...entry.children].map((c) => c.localName);
    // loc once and first; lastmod (and, in a urlset, changefreq and priority) at most once.
    expect(children[0]).toBe("loc");
    const allowed = entryName === "url" ? ["loc", "lastmod", "changefreq", "priority"] : ["loc", "lastmod"];
    for (const name of children) expect(allowed).toContain(name);
    expect(new Set(children).size).toBe(children.length);
    const loc = entry.querySelector("loc")?.textContent ?? "";
    expect(loc.length).toBeGreaterThanOrEqual(12);
    expect(loc.length).toBeLessThanOrEqual(2048);
    expect(new URL(loc).origin).toBe(origin);
    const lastmod = entry.querySelector("lastmod")?.textContent;
    if (lastmod !== undefined) expect(lastmod).toMatch(w3cDatetime);
    locs.push(loc);
  }
  return { kind: root.localName, locs };
}

describe("/sitemap.xml and /robots.txt", () => {
  it("lists public host pages and upcoming public event pages, absolute from PUBLIC_ORIGIN, valid against the schema", async () => {
    const { host, upcoming, canceled, moved, past } = await hostWithEvents();
    const shy = await signUp();
    const shyEvent = await createEvent(shy, { title: "Shy host's supper" });
    await shy.call({ method: "PATCH", url: `/api/users/${shy.id}`, payload: { publicProfile: false } });
    // A host whose only upcoming event was canceled has nothing to list.
    const rainedOut = await signUp();
    const only = await createEvent(rainedOut, { title: "Called off" });
    await rainedOut.call({ method: "DELETE", url: `/api/events/${only.id}` });
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    const { kind, locs } = validateSitemap(res.body, ORIGIN);
    expect(kind).toBe("urlset");
    expect(locs).toContain(`${ORIGIN}/u/${host.user.username}`);
    // Canceled and past events are no longer worth a search engine's visit: their links still open their page.
    for (const e of [upcoming, moved, shyEvent]) expect(locs).toContain(`${ORIGIN}/events/${e.id}`);
    for (const e of [canceled, past, only]) expect(locs).not.toContain(`${ORIGIN}/events/${e.id}`);
    expect(locs).not.toContain(`${ORIGIN}/u/${rainedOut.user.username}`);
    // A host who turned their page off keeps their public event's page, never their own.
    expect(locs).not.toContain(`${ORIGIN}/u/${shy.user.username}`);
    // The host's close-friends, hidden and group events are nowhere.
    const publicIds = new Set([upcoming.id, canceled.id, moved.id, past.id]);
    const hostRows = await db().select({ id: events.id }).from(events).where(eq(events.hostId, host.id));
    const others = hostRows.map((r) => r.id).filter((id) => !publicIds.has(id));
    expect(others).toHaveLength(3);
    for (const id of others) expect(locs, `event ${id}`).not.toContain(`${ORIGIN}/events/${id}`);
  });

  it("past the limit, an index of pages that together list every URL once", async () => {
    await hostWithEvents();
    const whole = validateSitemap((await get("/sitemap.xml")).body, ORIGIN).locs;
    const service = publicPagesService({
      repo: publicPagesRepository(db()),
      isFollowing: async () => false,
      sitemapPageSize: 3,
    });
    const index = validateSitemap((await service.sitemap(ORIGIN, undefined)) ?? "", ORIGIN);
    expect(index.kind).toBe("sitemapindex");
    expect(index.locs).toHaveLength(Math.ceil(whole.length / 3));
    const paged: string[] = [];
    for (const loc of index.locs) {
      const page = Number(new URL(loc).searchParams.get("page"));
      const part = validateSitemap((await service.sitemap(ORIGIN, page)) ?? "", ORIGIN);
      expect(part.kind).toBe("urlset");
      expect(part.locs.length).toBeLessThanOrEqual(3);
      paged.push(...part.locs);
    }
    expect(paged.sort()).toEqual([...whole].sort());
    expect(await service.sitemap(ORIGIN, index.locs.length + 1)).toBeUndefined();
    expect((await get("/sitemap.xml?page=0")).statusCode).toBe(400);
    expect((await get("/sitemap.xml?page=999")).statusCode).toBe(404);
  });

  it("has a per-address budget: each request reads up to 50 000 rows", async () => {
    const from = (address: string) => app().app.inject({ method: "GET", url: "/sitemap.xml", remoteAddress: address });
    for (let n = 0; n < SITEMAPS_PER_MINUTE; n += 1) expect((await from("198.51.100.20")).statusCode).toBe(200);
    const over = await from("198.51.100.20");
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/^Too many requests, try again in \d+ s$/);
    // Another address is not slowed by the first.
    expect((await from("198.51.100.21")).statusCode).toBe(200);
  });

  it("robots.txt allows the public pages, disallows the API and private screens, names the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    const lines = res.body.split("\n");
    for (const line of ["User-agent: *", "Allow: /events/", "Allow: /u/", "Disallow: /api/", "Disallow: /settings"])
      expect(lines).toContain(line);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
