import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES, matchesCategory } from "#contract/categories";
import type { FeedResponse } from "#contract/events";
import { haversineKm } from "#contract/geo";
import { availability } from "#server/modules/availability/schema";
import { events } from "#server/modules/events/schema";
import { friendships } from "#server/modules/friends/schema";
import { groups } from "#server/modules/groups/schema";
import { eventParticipants } from "#server/modules/participants/schema";
import { eventFixtures, inDays } from "#server/test/factories";
import { createTestApp, type TestApp } from "#server/test/test-app";
import { feedTestKit } from "./feed-test-kit";
import { cellOf, cellsCovering, FEED_CELL_SCAN, FEED_SEARCH_SCAN, FEED_WINDOW } from "./ranking-sql";
import { discoverRepository } from "./repository";
import { eventInteractions } from "./schema";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { signUp } = eventFixtures(() => t);

const { insertEvent, feed } = feedTestKit(() => t);

describe("GET /api/events/swipe/:userId", () => {
  it("401 signed out, 403 for another user's id, 400 on a bad type", async () => {
    const me = await signUp();
    const other = await signUp();
    expect((await t.app.inject({ method: "GET", url: `/api/events/swipe/${me.id}` })).statusCode).toBe(401);
    expect((await me.call({ method: "GET", url: `/api/events/swipe/${other.id}` })).statusCode).toBe(403);
    expect((await me.call({ method: "GET", url: `/api/events/swipe/${me.id}?type=party` })).statusCode).toBe(400);
    expect((await me.call({ method: "GET", url: `/api/events/swipe/${me.id}?cursor=zzz` })).statusCode).toBe(400);
  });

  it("leaves out own, past, canceled, group, full and answered events", async () => {
    const me = await signUp();
    const host = await signUp();
    const token = `excl${Date.now()}`;
    const keep = await insertEvent(host.id, { title: `${token} keep` });
    await insertEvent(me.id, { title: `${token} own` });
    await insertEvent(host.id, { title: `${token} past`, date: new Date(Date.now() - 60_000) });
    await insertEvent(host.id, { title: `${token} canceled`, canceledAt: new Date() });
    await insertEvent(host.id, { title: `${token} full`, maxAttendees: 1, goingCount: 1 });
    const [group] = await t.database.db.insert(groups).values({ name: "g" }).returning();
    await insertEvent(host.id, { title: `${token} group`, groupId: group.id });
    const passed = await insertEvent(host.id, { title: `${token} passed` });
    const joined = await insertEvent(host.id, { title: `${token} joined` });
    await insertEvent(host.id, { title: `${token} networking`, type: "networking" });
    await t.database.db.insert(eventInteractions).values({ eventId: passed.id, userId: me.id, action: "passed" });
    await t.database.db.insert(eventParticipants).values({ eventId: joined.id, userId: me.id, status: "declined" });
    const res = await feed(me, `?q=${token}`);
    expect(res.events.map((e) => e.id)).toEqual([keep.id]);
    expect(res.counts.all).toBe(1);
    const networking = await feed(me, `?q=${token}&type=networking`);
    expect(networking.events.map((e) => e.title)).toEqual([`${token} networking`]);
  });

  it("category filter and counts follow matchesCategory for every chip", async () => {
    const me = await signUp();
    const host = await signUp();
    const token = `cat${Date.now()}`;
    const samples: Array<{ title: string; tags: string[] }> = [
      { title: `${token} Yoga sunrise`, tags: ["Yoga"] },
      { title: `${token} Fitness bootcamp`, tags: [] },
      { title: `${token} 20s mixer`, tags: ["drinks"] },
      { title: `${token} wine tasting`, tags: ["wine", "food"] },
      { title: `${token} Jazz`, tags: ["concert"] },
      { title: `${token} Trail`, tags: ["hiking", "nature"] },
      { title: `${token} Pottery`, tags: ["workshop"] },
      { title: `${token} Board game night`, tags: ["games"] },
      { title: `${token} College meetup`, tags: ["college"] },
      { title: `${token} Music jam`, tags: [] },
      { title: `${token} plain`, tags: ["other"] },
    ];
    for (const s of samples) await insertEvent(host.id, s);
    const all = await feed(me, `?q=${token}&limit=100`);
    for (const c of CATEGORIES) {
      const expected = samples
        .filter((s) => matchesCategory(s, c.id))
        .map((s) => s.title)
        .sort();
      expect(all.counts[c.id], c.id).toBe(expected.length);
      const filtered = await feed(me, `?q=${token}&filter=${encodeURIComponent(c.id)}&limit=100`);
      expect(filtered.events.map((e) => e.title).sort(), c.id).toEqual(expected);
    }
  });

  it("search matches title, description, location and tags case-insensitively", async () => {
    const me = await signUp();
    const host = await signUp();
    const token = `srch${Date.now()}`;
    await insertEvent(host.id, { title: `A ${token.toUpperCase()}` });
    await insertEvent(host.id, { title: "B", description: `about ${token}` });
    await insertEvent(host.id, { title: "C", location: `${token} hall` });
    await insertEvent(host.id, { title: "D", tags: [token] });
    await insertEvent(host.id, { title: "E no match" });
    const res = await feed(me, `?q=${token}`);
    expect(res.events.map((e) => e.title).sort()).toEqual([`A ${token.toUpperCase()}`, "B", "C", "D"]);
  });

  it("radius is a great-circle cut at exactly 25 km by default", async () => {
    const me = await signUp();
    const host = await signUp();
    const token = `rad${Date.now()}`;
    const origin = { lat: 40.7128, lng: -74.006 };
    const kmPerDegree = (Math.PI * 6371) / 180;
    const at = (km: number, bearing: "n" | "e") =>
      bearing === "n"
        ? { lat: origin.lat + km / kmPerDegree, lng: origin.lng }
        : { lat: origin.lat, lng: origin.lng + km / (kmPerDegree * Math.cos((origin.lat * Math.PI) / 180)) };
    const place = async (label: string, p: { lat: number; lng: number }) =>
      insertEvent(host.id, {
        title: `${token} ${label}`,
        lat: p.lat,
        lng: p.lng,
        latitude: String(p.lat),
        longitude: String(p.lng),
      });
    const points = {
      n24_95: at(24.95, "n"),
      n25_05: at(25.05, "n"),
      e24_95: at(24.95, "e"),
      e25_10: at(25.1, "e"),
      far: at(60, "n"),
    };
    for (const [label, p] of Object.entries(points)) await place(label, p);
    await insertEvent(host.id, { title: `${token} nowhere` });
    const inside = Object.entries(points)
      .filter(([, p]) => haversineKm(origin.lat, origin.lng, p.lat, p.lng) <= 25)
      .map(([label]) => `${token} ${label}`);
    expect(inside.sort()).toEqual([`${token} e24_95`, `${token} n24_95`]);
    const res = await feed(me, `?q=${token}&lat=${origin.lat}&lng=${origin.lng}`);
    expect(res.events.map((e) => e.title).sort()).toEqual(inside.sort());
    const near = res.events.find((e) => e.title.endsWith("n24_95"));
    expect(near?.distanceKm).toBeCloseTo(25, 0);
    expect(res.counts.all).toBe(2);
    const wide = await feed(me, `?q=${token}&lat=${origin.lat}&lng=${origin.lng}&radius=100`);
    expect(wide.events).toHaveLength(5);
  });

  it("ranks by interests, friends going and availability, with reasons, host and attendees", async () => {
    const me = await signUp({ interests: ["Hiking"], timezone: "America/New_York" });
    const friend = await signUp();
    const host = await signUp();
    const token = `rank${Date.now()}`;
    await t.database.db.insert(friendships).values({ requesterId: friend.id, addresseeId: me.id, status: "accepted" });
    const plain = await insertEvent(host.id, { title: `${token} plain`, date: inDays(1) });
    const hike = await insertEvent(host.id, { title: `${token} hike`, tags: ["hiking"], date: inDays(5) });
    const social = await insertEvent(host.id, { title: `${token} friends`, date: inDays(6) });
    // 23:00 UTC is 18:00 or 19:00 in New York: the evening slot.
    const fits = await insertEvent(host.id, { title: `${token} fits`, date: inDays(7, 23) });
    await t.database.db.insert(eventParticipants).values({ eventId: social.id, userId: friend.id, status: "going" });
    await t.database.db.update(events).set({ goingCount: 1 }).where(eq(events.id, social.id));
    const localDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(fits.date);
    await t.database.db.insert(availability).values({ userId: me.id, date: localDay, timeslots: ["evening"] });
    const res = await feed(me, `?q=${token}`);
    expect(res.events.map((e) => e.id)).toEqual([hike.id, fits.id, social.id, plain.id]);
    expect(res.events[0].reasons).toEqual(["Matches your interest: hiking"]);
    expect(res.events[1].reasons).toEqual(["Fits your availability"]);
    expect(res.events[2]).toMatchObject({ friendsGoing: 1, reasons: ["1 friend going"], attendeeCount: 1 });
    expect(res.events[2].attendees.map((a) => a.id)).toEqual([friend.id]);
    expect(res.events[3]).toMatchObject({ reasons: [], score: 0, host: { id: host.id } });
    expect(JSON.stringify(res)).not.toContain("@example.com");
  });

  it("pages with limit and cursor without gaps or repeats", async () => {
    const me = await signUp();
    const host = await signUp();
    const token = `page${Date.now()}`;
    const ids: number[] = [];
    for (let i = 0; i < 7; i++)
      ids.push((await insertEvent(host.id, { title: `${token} ${i}`, date: inDays(1 + i) })).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: FeedResponse = await feed(me, `?q=${token}&limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.events.length).toBeLessThanOrEqual(3);
      seen.push(...page.events.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);
  });
});

describe("feed candidate window", () => {
  it("ranks inside the soonest FEED_WINDOW candidates, counts that window, and pages on past it", async () => {
    const me = await signUp({ interests: ["windowmatch"] });
    const host = await signUp();
    const token = `win${Date.now()}`;
    // FEED_WINDOW plain events in the next days, then one event that matches the interest a month out.
    await t.database.db.execute(sql`
      insert into events (title, description, date, host_id, type, tags)
      select ${token} || ' soon ' || g, 'd', now() + interval '1 day' + g * interval '1 minute', ${host.id}, 'social', array['music']
      from generate_series(1, ${FEED_WINDOW}) g`);
    const late = await insertEvent(host.id, { title: `${token} late`, tags: ["windowmatch"], date: inDays(30) });
    const first = await feed(me, `?q=${token}&limit=20`);
    // The late event would score highest, but it lies beyond the window: the soonest events come first.
    expect(first.events).toHaveLength(20);
    expect(first.events.map((e) => e.id)).not.toContain(late.id);
    expect(first.events.every((e) => e.score === 0)).toBe(true);
    expect(first.counts.all).toBe(FEED_WINDOW);
    expect(first.counts.music).toBe(FEED_WINDOW);
    const seen: number[] = first.events.map((e) => e.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const page: FeedResponse = await feed(me, `?q=${token}&limit=100&cursor=${cursor}`);
      seen.push(...page.events.map((e) => e.id));
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(FEED_WINDOW + 1);
    expect(seen.at(-1)).toBe(late.id);
    // Answering events does not shift a window already being paged: no gaps or repeats.
    const again = await feed(me, `?q=${token}&limit=10`);
    for (const e of again.events) {
      await t.database.db.insert(eventInteractions).values({ eventId: e.id, userId: me.id, action: "passed" });
    }
    const rest: number[] = [];
    cursor = again.nextCursor;
    while (cursor) {
      const page: FeedResponse = await feed(me, `?q=${token}&limit=100&cursor=${cursor}`);
      rest.push(...page.events.map((e) => e.id));
      cursor = page.nextCursor;
    }
    expect(rest).toHaveLength(FEED_WINDOW + 1 - 10);
    expect(new Set([...rest, ...again.events.map((e) => e.id)]).size).toBe(FEED_WINDOW + 1);
  });

  it("a search looks at no more than FEED_SEARCH_SCAN events per window but pages on to later matches", async () => {
    const me = await signUp();
    const host = await signUp();
    const token = `scan${Date.now()}`;
    await t.database.db.execute(sql`
      insert into events (title, description, date, host_id, type)
      select 'filler ' || g, 'd', now() + interval '2 hours' + g * interval '1 second', ${host.id}, 'social'
      from generate_series(1, ${FEED_SEARCH_SCAN}) g`);
    const late = await insertEvent(host.id, { title: `${token} late`, date: inDays(40) });
    const res = await feed(me, `?q=${token}`);
    // Several windows fit in one request, so the match behind the first scan still arrives on page one.
    expect(res.events.map((e) => e.id)).toEqual([late.id]);
    expect(res.nextCursor).toBeNull();
    // The chips count the windows the page drew from: the one match.
    expect(res.counts.all).toBe(1);
  });
});

describe("feed grid cells", () => {
  it("a city radius pages through its cells' scans: exactly the events within the radius, no gaps or repeats", async () => {
    const me = await signUp();
    const host = await signUp();
    const origin = { lat: -33.87, lng: 151.21 };
    // More events than one cell scan holds, in the cells around the origin: about half within 25 km.
    await t.database.db.execute(sql`
      insert into events (title, description, date, host_id, type, lat, lng, latitude, longitude)
      select 'cell ' || g, 'd', now() + interval '1 hour' + g * interval '7 minutes', ${host.id}, 'social',
        ${origin.lat} + ((g * 7919) % 1000 - 500) / 1000.0 * 0.5, ${origin.lng} + ((g * 104729) % 1000 - 500) / 1000.0 * 0.6, '', ''
      from generate_series(1, ${FEED_CELL_SCAN + 300}) g`);
    const rows = await t.database.db
      .select({ id: events.id, lat: events.lat, lng: events.lng })
      .from(events)
      .where(eq(events.hostId, host.id));
    const inside = rows
      .filter((r) => haversineKm(origin.lat, origin.lng, r.lat as number, r.lng as number) <= 25)
      .map((r) => r.id);
    expect(inside.length).toBeGreaterThan(300);
    expect(inside.length).toBeLessThan(rows.length);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: FeedResponse = await feed(
        me,
        `?lat=${origin.lat}&lng=${origin.lng}&limit=100${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.events.map((e) => e.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort((a, b) => a - b)).toEqual(inside.sort((a, b) => a - b));
  });

  it("the stored cell is cellOf's, and the covering cells hold every point within the radius", async () => {
    const host = await signUp();
    const points = fc.sample(
      fc.record({
        lat: fc.double({ min: -80, max: 80, noNaN: true }),
        lng: fc.double({ min: -179, max: 179, noNaN: true }),
      }),
      200,
    );
    for (const p of points.slice(0, 40)) {
      const row = await insertEvent(host.id, { lat: p.lat, lng: p.lng });
      expect(row.cell).toBe(cellOf(p.lat, p.lng));
    }
    fc.assert(
      fc.property(
        fc.double({ min: -75, max: 75, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.double({ min: 0.1, max: 60, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (lat, lng, radius, share, bearing) => {
          const cells = cellsCovering(lat, lng, radius);
          if (!cells) return true;
          // A point at distance share * radius along the bearing (flat approximation inside the box's 1 % slack).
          const km = share * radius * 0.99;
          const pLat = lat + (km * Math.cos(bearing)) / 111.195;
          const pLng = lng + (km * Math.sin(bearing)) / (111.195 * Math.cos((pLat * Math.PI) / 180));
          return haversineKm(lat, lng, pLat, pLng) > radius || cells.includes(cellOf(pLat, pLng));
        },
      ),
      { numRuns: 2000 },
    );
    expect(cellsCovering(40, -100, 25)?.length).toBeLessThanOrEqual(16);
    expect(cellsCovering(40, -100, 500)).toBeNull();
  });
});

describe("feed query plan", () => {
  it("is index-driven on a few thousand rows", async () => {
    const host = await signUp();
    // 5 000 events spread over a continent, most of them in the past, like a real table.
    await t.database.db.execute(sql`
      insert into events (title, description, date, host_id, type, lat, lng, tags)
      select 'Bulk ' || g, 'd', now() + ((g % 100) - 90) * interval '1 day', ${host.id},
        case when g % 2 = 0 then 'social' else 'networking' end,
        30 + (g % 97) * 0.2, -120 + (g % 89) * 0.5, array['music']
      from generate_series(1, 5000) g`);
    await t.database.db.execute(sql`analyze events`);
    const repo = discoverRepository(t.database.db);
    const inputs = { interests: [], friendIds: [], followedIds: [], freeRanges: [] };
    const base = { userId: host.id + 1, type: "social", now: new Date() };
    // A city radius reads a few grid cells, each in date order, merged: never the whole box or table.
    const nearby = await repo.explainFeed({ ...base, position: { lat: 40, lng: -100, radiusKm: 25 } }, inputs, "all");
    expect(nearby).toMatch(/events_type_cell_date_idx/);
    expect(nearby).not.toMatch(/Seq Scan on events/);
    const upcoming = await repo.explainFeed(base, inputs, "music");
    expect(upcoming).toMatch(/events_type_date_idx/);
    // A radius of hundreds of km covers too many cells: the type/date index with the box.
    const region = await repo.explainFeed({ ...base, position: { lat: 40, lng: -100, radiusKm: 500 } }, inputs, "all");
    expect(region).toMatch(/events_(lat_lng|type_date)_idx/);
  });
});
