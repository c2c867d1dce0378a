import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EVENT_PREVIEWS_PER_MINUTE } from "#contract/event-sharing";
import { INVITE_LOOKUPS_PER_MINUTE } from "#contract/groups";
import { events } from "#server/modules/events/schema";
import type { TestApp } from "#server/test/test-app";

// The shell the built client would serve, with one cover illustration as Vite names it.
const dist = mkdtempSync(path.join(tmpdir(), "link-dist-"));
mkdirSync(path.join(dist, "assets"));
writeFileSync(
  path.join(dist, "index.html"),
  readFileSync(path.resolve("src/client/index.html"), "utf8").replace("/main.tsx", "/assets/main.js"),
);
/** An illustration as the build has them: an SVG of its own size (which is not a card's). */
const illustration = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><rect width="400" height="300" fill="${fill}"/><circle cx="200" cy="150" r="90" fill="#fff"/></svg>`;
writeFileSync(path.join(dist, "assets", "social-Ab12Cd.svg"), illustration("#3366ff"));
writeFileSync(path.join(dist, "assets", "food-Ef34Gh.svg"), illustration("#ff8800"));

let t: TestApp;
let helpers: typeof import("#server/test/factories");

beforeAll(async () => {
  // CLIENT_DIST is read when app.ts loads: set before the app's modules are imported.
  vi.stubEnv("CLIENT_DIST", dist);
  const { createTestApp } = await import("#server/test/test-app");
  helpers = await import("#server/test/factories");
  t = await createTestApp({ PUBLIC_ORIGIN: "https://link.example" });
});
afterAll(async () => {
  await t?.close();
  vi.unstubAllEnvs();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: "GET", url });
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;

describe("link cards in the HTML shell", () => {
  it("an event's link carries its title, time in its zone, place and cover illustration", async () => {
    const { createUser, createEvent } = helpers;
    const host = await createUser(t);
    const date = new Date("2030-01-18T04:00:00.000Z");
    const event = await createEvent(host, {
      title: "Sundowner",
      description: "Bring a jacket",
      date: date.toISOString(),
      location: "Dolores Park",
      latitude: "37.7596",
      longitude: "-122.4269",
      tags: ["food"],
    });
    const res = await page(`/events/${event.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(metaOf(res.body, "og:title")).toBe("Sundowner");
    expect(metaOf(res.body, "twitter:title")).toBe("Sundowner");
    expect(metaOf(res.body, "og:description")).toBe("Thu, Jan 17, 8:00 PM PST · Dolores Park — Bring a jacket");
    expect(metaOf(res.body, "og:image")).toBe("https://link.example/link-images/illustration-food.jpg");
    expect(metaOf(res.body, "og:url")).toBe(`https://link.example/events/${event.id}`);
    expect(metaOf(res.body, "twitter:card")).toBe("summary_large_image");
    expect(res.body).toContain("<title>Sundowner · Link</title>");
    // The page reads before the app loads: the frame carries the title, the time in its zone and the place.
    const frame = /<main class="app-shell-frame"[^>]*>([\s\S]*?)<\/main>/.exec(res.body)?.[1];
    expect(frame).toBe(
      '<h1 dir="auto">Sundowner</h1><p dir="auto">Thu, Jan 17, 8:00 PM PST</p><p dir="auto">Dolores Park</p>',
    );
    // Still the app: the script that renders the page is there.
    expect(res.body).toContain("/assets/main.js");
  });

  it("a series' page says signed out that it repeats, and links its other dates under More dates", async () => {
    const { createUser, createEvent } = helpers;
    const host = await createUser(t);
    const first = await createEvent(host, {
      title: "Thursday run",
      description: "Easy pace",
      date: "2030-01-18T04:00:00.000Z",
      location: "Dolores Park",
      latitude: "37.7596",
      longitude: "-122.4269",
      recurrence: { frequency: "weekly", count: 3 },
    });
    const dates = await t.database.db.select({ id: events.id }).from(events).where(eq(events.seriesId, first.id));
    const [second, third] = dates
      .map((d) => d.id)
      .filter((id) => id !== first.id)
      .sort((a, b) => a - b);
    const res = await page(`/events/${first.id}`);
    const frame = /<main class="app-shell-frame"[^>]*>([\s\S]*?)<\/main>/.exec(res.body)?.[1];
    expect(frame).toBe(
      '<h1 dir="auto">Thursday run</h1><p dir="auto">Thu, Jan 17, 8:00 PM PST</p><p dir="auto">Every Thursday</p>' +
        '<p dir="auto">Dolores Park</p><nav aria-label="More dates"><h2>More dates</h2><ul>' +
        `<li><a href="/events/${second}">Thu, Jan 24, 8:00 PM PST</a></li>` +
        `<li><a href="/events/${third}">Thu, Jan 31, 8:00 PM PST</a></li></ul></nav>`,
    );
    // In Spanish too, and the public preview the app then renders says the same.
    const spanish = await t.app.inject({
      method: "GET",
      url: `/events/${first.id}`,
      headers: { "accept-language": "es" },
    });
    expect(spanish.body).toContain('<p dir="auto">Cada jueves</p>');
    expect(spanish.body).toContain("<h2>Más fechas</h2>");
    const preview = (await page(`/api/events/${first.id}/preview`)).json();
    expect(preview.recurrence).toBe("weekly");
    expect(preview.moreDates.map((d: { id: number }) => d.id)).toEqual([second, third]);
    // A one-off event says neither.
    const once = await createEvent(host, { title: "Once", date: "2030-01-18T04:00:00.000Z" });
    const single = /<main class="app-shell-frame"[^>]*>([\s\S]*?)<\/main>/.exec(
      (await page(`/events/${once.id}`)).body,
    );
    expect(single?.[1]).toContain('<h1 dir="auto">Once</h1>');
    expect(single?.[1]).not.toMatch(/Every|More dates|<nav/);
  });

  it("escapes a hostile title and description: what a person wrote never becomes markup", async () => {
    const { createUser, createEvent } = helpers;
    const host = await createUser(t);
    const hostile = `"><script>alert(1)</script><meta property="og:title" content="pwned`;
    const event = await createEvent(host, { title: hostile, description: "</title><img src=x onerror=alert(2)>" });
    const res = await page(`/events/${event.id}`);
    expect(res.body).not.toContain("<script>alert(1)</script>");
    expect(res.body).not.toContain("<img src=x");
    expect(res.body).not.toContain('content="pwned');
    expect(metaOf(res.body, "og:title")).toBe(
      "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;meta property=&quot;og:title&quot; content=&quot;pwned",
    );
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).toContain('<h1 dir="auto">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it("a group invite's link names its group; nothing for a group's plan, an unknown code or a bad id", async () => {
    const { createUser, createGroup } = helpers;
    const owner = await createUser(t);
    const group = await createGroup(owner, { name: "Book <club>", description: "Monthly" });
    const invite = await page(`/invite/${group.inviteCode}`);
    expect(metaOf(invite.body, "og:title")).toBe("Join Book &lt;club&gt; on Link");
    expect(metaOf(invite.body, "og:description")).toBe("1 member · Monthly");
    expect(metaOf(invite.body, "og:image")).toBe("https://link.example/link-images/illustration-social.jpg");
    // A chat app that asks in Spanish unfurls it in Spanish; the group's name stays as written.
    const spanish = await t.app.inject({
      method: "GET",
      url: `/invite/${group.inviteCode}`,
      headers: { "accept-language": "es" },
    });
    expect(metaOf(spanish.body, "og:title")).toBe("Únete a Book &lt;club&gt; en Link");
    expect(metaOf(spanish.body, "og:description")).toBe("1 miembro · Monthly");

    const plan = await owner.call({
      method: "POST",
      url: "/api/events",
      payload: { title: "Secret plan", date: "2030-01-18T04:00:00.000Z", groupId: group.id },
    });
    expect(plan.statusCode).toBe(201);
    for (const url of [`/events/${plan.json().id}`, "/events/999999", "/events/abc", "/invite/nope"]) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(metaOf(res.body, "og:title")).toBeNull();
      expect(res.body).not.toContain("Secret plan");
      expect(res.body).toContain("<title>Link</title>");
    }
  });

  it("gives a viewer the host blocked, or who blocked the host, no card: the preview's block rule", async () => {
    const { createUser, createEvent } = helpers;
    const host = await createUser(t);
    const blocked = await createUser(t);
    const blocker = await createUser(t);
    const event = await createEvent(host, { title: "Rooftop at 9", location: "12 Hidden Lane" });
    const block = (who: typeof host, other: typeof host) =>
      who.call({ method: "POST", url: "/api/blocks", payload: { userId: other.id } });
    expect((await block(host, blocked)).statusCode).toBe(200);
    expect((await block(blocker, host)).statusCode).toBe(200);
    for (const viewer of [blocked, blocker]) {
      const res = await t.app.inject({ method: "GET", url: `/events/${event.id}`, headers: { cookie: viewer.cookie } });
      expect(res.statusCode).toBe(200);
      expect(metaOf(res.body, "og:title")).toBeNull();
      expect(res.body).not.toContain("Rooftop at 9");
      expect(res.body).not.toContain("Hidden Lane");
    }
  });

  it("spends the preview's per-address budget: past it, no card and 429, and the API preview is spent too", async () => {
    const { createUser, createEvent } = helpers;
    const host = await createUser(t);
    const event = await createEvent(host, { title: "Counted card" });
    const from = (url: string) => t.app.inject({ method: "GET", url, remoteAddress: "198.51.100.7" });
    for (let n = 0; n < EVENT_PREVIEWS_PER_MINUTE; n += 1) {
      expect(metaOf((await from(`/events/${event.id}`)).body, "og:title")).toBe("Counted card");
    }
    const over = await from(`/events/${event.id}`);
    expect(over.statusCode).toBe(429);
    expect(over.headers["retry-after"]).toBeDefined();
    expect(over.body).not.toContain("Counted card");
    expect(over.body).toContain("<title>Link</title>");
    expect((await from(`/api/events/${event.id}/preview`)).statusCode).toBe(429);
  });
});

describe("a link card's picture", () => {
  it("is a 1200 x 630 JPEG for every card: an event's illustration or cover, a host's page, an invite", async () => {
    const { createUser, createEvent, createGroup } = helpers;
    const host = await createUser(t, { fullName: "Pia Picture" });
    const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer();
    const upload = await host.call({
      method: "POST",
      url: "/api/uploads",
      payload: { dataUrl: `data:image/png;base64,${photo.toString("base64")}` },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const drawn = await createEvent(host, { title: "Taco night", tags: ["food"] });
    const covered = await createEvent(host, { title: "Garden party", imageUrl: upload.json().url });
    const group = await createGroup(host, { name: "Picture club" });
    const pages = [
      [`/events/${drawn.id}`, "Taco night"],
      [`/events/${covered.id}`, "Garden party"],
      [`/u/${host.user.username}`, "Pia Picture"],
      [`/invite/${group.inviteCode}`, "Picture club"],
    ];
    const pictures: string[] = [];
    for (const [url, name] of pages) {
      const html = (await page(url)).body;
      const image = metaOf(html, "og:image");
      expect(image, url).toMatch(/^https:\/\/link\.example\/link-images\/[a-z]+-[A-Za-z0-9_-]+\.jpg$/);
      expect(metaOf(html, "twitter:image")).toBe(image);
      expect([metaOf(html, "og:image:width"), metaOf(html, "og:image:height")]).toEqual(["1200", "630"]);
      expect(metaOf(html, "og:image:alt")).toBe(`Picture for ${name}`);
      const res = await page(new URL(image as string).pathname);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      expect(res.headers["cache-control"]).toBe("public, max-age=86400");
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], url).toEqual(["jpeg", 1200, 630]);
      pictures.push(new URL(image as string).pathname);
    }
    // The cover is the uploaded photo's; an event without one and the host without a photo get their illustration.
    expect(pictures).toEqual([
      "/link-images/illustration-food.jpg",
      `/link-images/upload-${upload.json().id}.jpg`,
      "/link-images/illustration-social.jpg",
      "/link-images/illustration-social.jpg",
    ]);
    // The illustration is drawn, not a blank: its orange fills the card's corner.
    const { data } = await sharp((await page(pictures[0])).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [red, green, blue] = [data[0], data[1], data[2]];
    expect(red).toBeGreaterThan(230);
    expect(green).toBeGreaterThan(110);
    expect(green).toBeLessThan(160);
    expect(blue).toBeLessThan(40);
    // Only a known picture's name is read: anything else is a 404, never a file.
    for (const bad of [
      "upload-AAAAAAAAAAAAAAAAAAAA.jpg",
      "illustration-nope.jpg",
      "..%2Findex.html",
      "social-Ab12Cd.svg",
    ]) {
      expect((await page(`/link-images/${bad}`)).statusCode, bad).toBe(404);
    }
  });
});

describe("the invite card's budget", () => {
  it("spends the invite lookup's per-address budget: past it, no card, 429, and the lookup is spent too", async () => {
    const { createUser, createGroup } = helpers;
    const owner = await createUser(t);
    const group = await createGroup(owner, { name: "Counted circle" });
    const from = (url: string) => t.app.inject({ method: "GET", url, remoteAddress: "198.51.100.9" });
    for (let n = 0; n < INVITE_LOOKUPS_PER_MINUTE; n += 1) {
      expect(metaOf((await from(`/invite/${group.inviteCode}`)).body, "og:title")).toContain("Counted circle");
    }
    const over = await from(`/invite/${group.inviteCode}`);
    expect(over.statusCode).toBe(429);
    expect(over.headers["retry-after"]).toBeDefined();
    expect(over.body).not.toContain("Counted circle");
    expect((await from(`/api/group-invite/${group.inviteCode}`)).statusCode).toBe(429);
  });
});

/** The schema.org JSON-LD blocks a page's HTML carries, parsed. */
const structuredDataOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );

/**
 * The schema.org vocabulary an Event's JSON-LD may use here (schema.org/Event, Place, PostalAddress,
 * Person), and Google's Event rich result: required name, startDate, location (a Place with an address);
 * recommended description, endDate, eventAttendanceMode, eventStatus, image, offers, organizer,
 * performer, previousStartDate (when rescheduled).
 */
const VOCABULARY: Record<string, string[]> = {
  Event: [
    "@context",
    "@type",
    "name",
    "description",
    "startDate",
    "endDate",
    "previousStartDate",
    "eventStatus",
    "eventAttendanceMode",
    "location",
    "image",
    "organizer",
    "offers",
    "performer",
    "url",
  ],
  Place: ["@type", "name", "address", "geo"],
  PostalAddress: ["@type", "streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"],
  Person: ["@type", "name", "url"],
};
const EVENT_STATUSES = ["EventScheduled", "EventCancelled", "EventRescheduled", "EventPostponed", "EventMovedOnline"];
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

function checkEventData(data: Record<string, unknown>) {
  const typed = (value: unknown, type: string) => {
    const object = value as Record<string, unknown>;
    expect(object["@type"]).toBe(type);
    for (const key of Object.keys(object)) expect(VOCABULARY[type], `${type}.${key}`).toContain(key);
    return object;
  };
  expect(data["@context"]).toBe("https://schema.org");
  typed(data, "Event");
  // Google's required properties.
  expect(typeof data.name).toBe("string");
  expect(data.startDate).toMatch(ISO_WITH_OFFSET);
  const place = typed(data.location, "Place");
  expect(typeof place.name).toBe("string");
  typed(place.address, "PostalAddress");
  // Its recommended ones that Link knows.
  expect(data.endDate).toMatch(ISO_WITH_OFFSET);
  expect(Date.parse(String(data.endDate))).toBeGreaterThan(Date.parse(String(data.startDate)));
  expect(EVENT_STATUSES.map((s) => `https://schema.org/${s}`)).toContain(data.eventStatus);
  expect(data.eventAttendanceMode).toBe("https://schema.org/OfflineEventAttendanceMode");
  expect((data.image as string[]).every((url) => url.startsWith("https://link.example/"))).toBe(true);
  expect(typeof data.description).toBe("string");
  typed(data.organizer, "Person");
  // No price exists on Link, so there is no offer.
  expect(data.offers).toBeUndefined();
}

describe("schema.org Event structured data on /events/{id}", () => {
  it("a public event: Google's required and recommended properties, its time with the zone's UTC offset", async () => {
    const { createUser, createEvent } = helpers;
    const host = await createUser(t, { fullName: "Dana Host" });
    const event = await createEvent(host, {
      title: "Sundowner </script><script>alert(1)</script>",
      description: "Bring a jacket",
      date: "2030-01-18T04:00:00.000Z",
      location: "Dolores Park",
      latitude: "37.7596",
      longitude: "-122.4269",
      tags: ["food"],
    });
    const res = await page(`/events/${event.id}`);
    expect(res.body).not.toContain("<script>alert(1)");
    const [data, ...more] = structuredDataOf(res.body);
    expect(more).toHaveLength(0);
    checkEventData(data);
    expect(data).toMatchObject({
      name: "Sundowner </script><script>alert(1)</script>",
      startDate: "2030-01-17T20:00:00-08:00",
      endDate: "2030-01-17T22:00:00-08:00",
      eventStatus: "https://schema.org/EventScheduled",
      location: {
        "@type": "Place",
        name: "Dolores Park",
        address: { "@type": "PostalAddress", streetAddress: "Dolores Park" },
      },
      image: ["https://link.example/link-images/illustration-food.jpg"],
      organizer: { "@type": "Person", name: "Dana Host", url: `https://link.example/u/${host.user.username}` },
      url: `https://link.example/events/${event.id}`,
    });
    // The place as precise as the public preview shows it: never the pin's coordinates.
    expect(JSON.stringify(data)).not.toContain("37.7596");
  });

  it("a canceled event is EventCancelled; a moved one EventRescheduled with the start it moved from", async () => {
    const { createUser, createEvent } = helpers;
    const host = await createUser(t);
    const canceled = await createEvent(host, { title: "Called off", date: "2030-02-01T18:00:00.000Z" });
    await host.call({ method: "DELETE", url: `/api/events/${canceled.id}` });
    const moved = await createEvent(host, { title: "Moved", date: "2030-02-01T18:00:00.000Z" });
    await host.call({ method: "PATCH", url: `/api/events/${moved.id}`, payload: { date: "2030-02-02T18:00:00.000Z" } });
    // Renaming it later keeps it rescheduled: the last move is what is remembered.
    await host.call({ method: "PATCH", url: `/api/events/${moved.id}`, payload: { title: "Moved brunch" } });

    const [off] = structuredDataOf((await page(`/events/${canceled.id}`)).body);
    checkEventData(off);
    expect(off.eventStatus).toBe("https://schema.org/EventCancelled");
    const [again] = structuredDataOf((await page(`/events/${moved.id}`)).body);
    checkEventData(again);
    expect(again).toMatchObject({
      name: "Moved brunch",
      eventStatus: "https://schema.org/EventRescheduled",
      // The host's default zone (New York): 18:00 UTC is 13:00 there in February.
      startDate: "2030-02-02T13:00:00-05:00",
      previousStartDate: "2030-02-01T13:00:00-05:00",
    });
  });

  it("no card and no data for a close-friends event, a hidden one, a group's plan, or a viewer across a block", async () => {
    const { createUser, createEvent, createGroup } = helpers;
    const host = await createUser(t);
    const blocked = await createUser(t);
    // An audience the app no longer offers: a row made with it before stays private.
    const close = await createEvent(host, { title: "CANARY close" });
    await t.database.db
      .update(events)
      .set({ friendGroupId: "close" as "all" })
      .where(eq(events.id, close.id));
    const hidden = await createEvent(host, { title: "CANARY hidden" });
    await t.database.db.update(events).set({ hiddenAt: new Date() }).where(eq(events.id, hidden.id));
    const open = await createEvent(host, { title: "Open to all" });
    const group = await createGroup(host);
    const plan = await host.call({
      method: "POST",
      url: "/api/events",
      payload: { title: "CANARY plan", date: "2030-01-18T04:00:00.000Z", groupId: group.id },
    });
    for (const id of [close.id, hidden.id, plan.json().id]) {
      const res = await page(`/events/${id}`);
      expect(structuredDataOf(res.body)).toEqual([]);
      expect(metaOf(res.body, "og:title")).toBeNull();
      expect(res.body).not.toContain("CANARY");
    }
    await host.call({ method: "POST", url: "/api/blocks", payload: { userId: blocked.id } });
    const asBlocked = await blocked.call({ method: "GET", url: `/events/${open.id}` });
    expect(asBlocked.statusCode).toBe(200);
    expect(structuredDataOf(asBlocked.body)).toEqual([]);
    expect(asBlocked.body).not.toContain("Open to all");
    // Everyone else still gets it.
    expect(structuredDataOf((await page(`/events/${open.id}`)).body)).toHaveLength(1);
  });
});

describe("the link card of /u/{username}", () => {
  it("names the host, their upcoming events and followers; nothing once the page is off or across a block", async () => {
    const { createUser, createEvent } = helpers;
    const host = await createUser(t, { fullName: "Noor Host", bio: "Supper clubs" });
    const blocked = await createUser(t);
    await createEvent(host, { title: "Supper" });
    const url = `/u/${host.user.username}`;
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(metaOf(res.body, "og:title")).toBe("Noor Host");
    expect(metaOf(res.body, "og:description")).toBe("1 upcoming event · 0 followers — Supper clubs");
    expect(metaOf(res.body, "og:url")).toBe(`https://link.example${url}`);
    expect(res.body).toContain("/assets/main.js");

    await host.call({ method: "POST", url: "/api/blocks", payload: { userId: blocked.id } });
    expect(metaOf((await blocked.call({ method: "GET", url })).body, "og:title")).toBeNull();
    await host.call({ method: "PATCH", url: `/api/users/${host.id}`, payload: { publicProfile: false } });
    for (const path of [url, "/u/nobody-at-all", "/u/bad%20name"]) {
      const off = await page(path);
      expect(off.statusCode).toBe(200);
      expect(metaOf(off.body, "og:title")).toBeNull();
      expect(off.body).toContain("<title>Link</title>");
    }
  });
});

describe("the shell in the request's language", () => {
  it("writes lang, dir and the first paint's label in Arabic and Spanish; English stays as built", async () => {
    const inLanguage = (url: string, language: string) =>
      t.app.inject({ method: "GET", url, headers: { "accept-language": language } });
    const arabic = (await inLanguage("/", "ar")).body;
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('aria-label="جارٍ التحميل"');
    const spanish = (await inLanguage("/discover", "es-ES,es;q=0.9")).body;
    expect(spanish).toContain('<html lang="es" dir="ltr">');
    expect(spanish).toContain('aria-label="Cargando"');
    const english = (await inLanguage("/", "en")).body;
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('aria-label="Loading"');
  });
});
