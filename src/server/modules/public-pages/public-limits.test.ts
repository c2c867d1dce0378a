import { eq } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { EMBED_EVENTS_MAX, HOST_TEXTS } from "#contract/hosts";
import { messageKey } from "#contract/i18n/texts";
import { aroundText } from "#contract/places-texts";
import { events } from "#server/modules/events/schema";
import { eventSuite, inDays, type Who } from "#server/test/factories";
import { type PublicPagesRepository, publicPagesRepository } from "./repository";
import { publicPagesService } from "./service";
import { sitemapXml } from "./sitemap";

/**
 * How many events each public view of a host lists and which, what a missing page answers, what the embed
 * shows of what a host wrote, which public answers a shared cache may keep, and what crawlers are told.
 */
const ORIGIN = "https://link.example";
const { app, signUp, createEvent } = eventSuite({ PUBLIC_ORIGIN: ORIGIN });
const get = (url: string, who?: Who) =>
  who ? who.call({ method: "GET", url }) : app().app.inject({ method: "GET", url });
const db = () => app().database.db;
const embedDocument = async (username: string) => new JSDOM((await get(`/embed/u/${username}`)).body).window.document;

/** A host with `count` public upcoming events, one a day from tomorrow, and a canceled one sooner than all. */
async function busyHost(count: number) {
  const host = await signUp({ fullName: "Busy Host" });
  const canceled = await createEvent(host, { title: "Called off", date: inDays(1, 8).toISOString() });
  await host.call({ method: "DELETE", url: `/api/events/${canceled.id}` });
  const rows = await db()
    .insert(events)
    .values(
      Array.from({ length: count }, (_, i) => ({
        hostId: host.id,
        title: `Supper ${i + 1}`,
        description: "",
        location: "Luigi's",
        date: inDays(i + 2),
        friendGroupId: "all" as const,
      })),
    )
    .returning({ id: events.id });
  return { host, canceled, soonestFirst: rows.map((r) => r.id) };
}

describe("a busy host's public views", () => {
  it("the page lists every uncanceled upcoming event, none marked canceled; the embed the next ten; the card the next five", async () => {
    const { host, canceled, soonestFirst } = await busyHost(12);
    const page = (await get(`/api/hosts/${host.user.username}`)).json() as {
      events: { id: number; canceled: boolean }[];
    };
    expect(page.events.map((e) => e.id)).toEqual(soonestFirst);
    expect(page.events.every((e) => e.canceled === false)).toBe(true);

    const links = [...(await embedDocument(host.user.username)).querySelectorAll("a.event")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(
      soonestFirst.slice(0, EMBED_EVENTS_MAX).map((id) => `${ORIGIN}/events/${id}`),
    );

    const service = publicPagesService({ repo: publicPagesRepository(db()), isFollowing: async () => false });
    const card = await service.hostCard(host.user.username, null);
    expect(card?.upcoming).toBe(12);
    expect(card?.next.map((e) => e.id)).toEqual(soonestFirst.slice(0, 5));
    expect(card?.next.map((e) => e.id)).not.toContain(canceled.id);
  });
});

describe("a public event's host", () => {
  it("is linked from the event only while their page is on", async () => {
    const { host, soonestFirst } = await busyHost(1);
    const service = publicPagesService({ repo: publicPagesRepository(db()), isFollowing: async () => false });
    expect((await service.visibleEvent(soonestFirst[0], null))?.hostPage).toBe(host.user.username);
    await host.call({ method: "PATCH", url: `/api/users/${host.id}`, payload: { publicProfile: false } });
    // The event stays public; its page no longer names where the host's page was.
    expect(await service.visibleEvent(soonestFirst[0], null)).toMatchObject({ hostId: host.id, hostPage: null });
    expect(await service.visibleEvent(2_000_000_000, null)).toBeUndefined();
  });
});

describe("a page that is not there", () => {
  it("answers 404 with its code, the page and the calendar alike", async () => {
    const gone = { message: HOST_TEXTS.notFound, code: messageKey(HOST_TEXTS, "notFound") };
    for (const url of ["/api/hosts/nobody-here", "/api/hosts/nobody-here/calendar.ics"]) {
      const res = await get(url);
      expect([res.statusCode, res.json()], url).toEqual([404, gone]);
    }
  });
});

describe("the embed", () => {
  it("shows back exactly what the host wrote, as text, and an event's area where it names no place", async () => {
    const host = await signUp({ fullName: `<b>Eve</b> & "Co" 'n' friends` });
    const title = `<img src=x onerror=alert(1)> &lt;3 & "fish" 'n' chips`;
    const location = `"><script>x</script> & Co`;
    await createEvent(host, { title, location, date: inDays(2).toISOString() });
    const areaOnly = await createEvent(host, { title: "Somewhere", location: "", date: inDays(3).toISOString() });
    await db().update(events).set({ placeArea: "Mission District" }).where(eq(events.id, areaOnly.id));
    await createEvent(host, { title: "Nowhere", location: "", date: inDays(4).toISOString() });

    const document = await embedDocument(host.user.username);
    expect(document.querySelectorAll("img, script, b")).toHaveLength(0);
    expect(document.querySelector("h1")?.textContent).toBe(`Upcoming events by ${host.user.fullName}`);
    expect(document.querySelector("title")?.textContent).toBe(`Upcoming events by ${host.user.fullName}`);
    const items = [...document.querySelectorAll("a.event")].map((a) => ({
      title: a.querySelector(".title")?.textContent,
      where: a.querySelector(".where")?.textContent ?? null,
    }));
    expect(items).toEqual([
      { title, where: location },
      { title: "Somewhere", where: aroundText("Mission District") },
      { title: "Nowhere", where: null },
    ]);
  });
});

describe("caching of public answers", () => {
  it("a shared cache may keep only the signed-out sitemap: the host's page and calendar are per viewer", async () => {
    const { host } = await busyHost(1);
    const reader = await signUp();
    for (const url of [`/api/hosts/${host.user.username}`, `/api/hosts/${host.user.username}/calendar.ics`])
      for (const who of [undefined, reader])
        expect((await get(url, who)).headers["cache-control"], url).toBe("private, no-cache");
    expect((await get("/sitemap.xml")).headers["cache-control"]).toBe("public, max-age=3600");
    expect((await get("/sitemap.xml", reader)).headers["cache-control"]).toBe("private, no-cache");
  });
});

describe("what crawlers are told", () => {
  it("robots.txt in full: the public pages and their two reads allowed, the API and every private screen not", async () => {
    const res = await get("/robots.txt");
    expect(res.body.split("\n")).toEqual([
      "User-agent: *",
      "Allow: /events/",
      "Allow: /u/",
      "Allow: /assets/",
      "Allow: /api/hosts/",
      "Allow: /api/events/*/preview",
      "Disallow: /api/",
      "Disallow: /$",
      ...[
        "/nearby",
        "/availability",
        "/my-events",
        "/profile",
        "/users/",
        "/settings",
        "/notifications",
        "/groups",
        "/admin",
        "/invite/",
        "/auth",
        "/waitlist",
        "/reset-password",
        "/verify-email",
        "/embed/",
      ].map((path) => `Disallow: ${path}`),
      "",
      `Sitemap: ${ORIGIN}/sitemap.xml`,
      "",
    ]);
  });

  it("a site with nothing public yet has an empty sitemap, not a missing one", async () => {
    const empty = {
      sitemapCounts: async () => ({ events: 0, hosts: 0 }),
      sitemapHosts: async () => [],
      sitemapEvents: async () => [],
    } as unknown as PublicPagesRepository;
    const xml = await sitemapXml({ repo: empty, origin: ORIGIN, viewerId: null, page: undefined, now: new Date() });
    expect(xml?.split("\n")).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      "</urlset>",
      "",
    ]);
  });
});
