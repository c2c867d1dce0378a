import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES, matchesCategory } from "../../../contract/categories";
import type { FeedResponse } from "../../../contract/events";
import { haversineKm } from "../../../contract/geo";
import {
  availability,
  eventInteractions,
  eventParticipants,
  events,
  friendships,
  groupMembers,
  groups,
  notifications,
  users,
} from "../../db/schema";
import { as, createTestApp, registerUser, type TestApp } from "../../test/test-app";
import { eventsRepository, FEED_SEARCH_SCAN, FEED_WINDOW } from "./repository";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const inDays = (days: number, hour = 19) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

async function signUp(overrides: Record<string, unknown> = {}) {
  const { user, cookie } = await registerUser(t.app, overrides);
  return { id: user.id, cookie, call: as(t.app, cookie) };
}

type Who = Awaited<ReturnType<typeof signUp>>;

async function createEvent(host: Who, overrides: Record<string, unknown> = {}) {
  const res = await host.call({
    method: "POST",
    url: "/api/events",
    payload: {
      title: "Dinner at Luigi's",
      description: "Pasta night",
      date: inDays(3).toISOString(),
      location: "Luigi's",
      hostId: host.id,
      type: "social",
      friendGroupId: "all",
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; title: string };
}

/** Inserts an event row directly for feed cases the API cannot make (past dates, coordinates). */
async function insertEvent(hostId: number, values: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(events)
    .values({ title: "Row event", description: "d", date: inDays(2), hostId, type: "social", ...values })
    .returning();
  return row;
}

const feed = async (who: Who, query = "") => {
  const res = await who.call({ method: "GET", url: `/api/events/swipe/${who.id}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedResponse;
};

const notificationsOf = (userId: number) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe("POST /api/events", () => {
  it("401 when signed out", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/events", payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it("201 stores a social event with its friend group and no cap", async () => {
    const host = await signUp();
    const created = await createEvent(host);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, created.id));
    expect(row).toMatchObject({ hostId: host.id, type: "social", friendGroupId: "all", maxAttendees: null, category: null });
  });

  it("201 stores a networking event with category and the default cap of 20", async () => {
    const host = await signUp();
    const created = await createEvent(host, { type: "networking", category: "design", friendGroupId: undefined });
    const [row] = await t.database.db.select().from(events).where(eq(events.id, created.id));
    expect(row).toMatchObject({ type: "networking", category: "design", maxAttendees: 20, friendGroupId: null, tags: ["design"] });
  });

  it("403 when hostId is someone else, nothing stored", async () => {
    const host = await signUp();
    const other = await signUp();
    const res = await host.call({
      method: "POST",
      url: "/api/events",
      payload: { title: "X", description: "Y", date: inDays(1).toISOString(), hostId: other.id, type: "social" },
    });
    expect(res.statusCode).toBe(403);
    const rows = await t.database.db.select().from(events).where(eq(events.hostId, other.id));
    expect(rows).toHaveLength(0);
  });

  it.each([
    [{ title: "" }, "title"],
    [{ description: undefined }, "description"],
    [{ date: undefined }, "date"],
    [{ date: new Date(Date.now() - 3_600_000).toISOString() }, "past"],
    [{ type: "networking", maxAttendees: 0 }, "maxAttendees"],
    [{ type: "networking", maxAttendees: 2.5 }, "maxAttendees"],
  ])("400 on %o", async (patch, word) => {
    const host = await signUp();
    const res = await host.call({
      method: "POST",
      url: "/api/events",
      payload: { title: "T", description: "D", date: inDays(1).toISOString(), hostId: host.id, type: "social", ...patch },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.toLowerCase()).toContain(word.toLowerCase());
    expect(await t.database.db.select().from(events).where(eq(events.hostId, host.id))).toHaveLength(0);
  });

  it("group planning payload needs membership (403) and keeps the kind in groupEventType (201)", async () => {
    const member = await signUp();
    const outsider = await signUp();
    const [group] = await t.database.db.insert(groups).values({ name: "Climbers", createdBy: member.id }).returning();
    await t.database.db.insert(groupMembers).values({ groupId: group.id, userId: member.id, role: "admin" });
    const payload = { title: "Boulder", description: "", date: inDays(4).toISOString(), type: "sports", location: "Gym", groupId: group.id };
    expect((await outsider.call({ method: "POST", url: "/api/events", payload })).statusCode).toBe(403);
    const res = await member.call({ method: "POST", url: "/api/events", payload });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, res.json().id));
    expect(row).toMatchObject({ groupId: group.id, groupEventType: "sports", hostId: member.id });
  });
});

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
      const expected = samples.filter((s) => matchesCategory(s, c.id)).map((s) => s.title).sort();
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
      insertEvent(host.id, { title: `${token} ${label}`, lat: p.lat, lng: p.lng, latitude: String(p.lat), longitude: String(p.lng) });
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
    for (let i = 0; i < 7; i++) ids.push((await insertEvent(host.id, { title: `${token} ${i}`, date: inDays(1 + i) })).id);
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

describe("POST /api/events/:id/interaction", () => {
  it("200 stores the action; 400, 401, 404", async () => {
    const me = await signUp();
    const host = await signUp();
    const event = await createEvent(host);
    const url = `/api/events/${event.id}/interaction`;
    expect((await me.call({ method: "POST", url, payload: { action: "liked" } })).statusCode).toBe(200);
    expect((await me.call({ method: "POST", url, payload: { action: "passed" } })).statusCode).toBe(200);
    const rows = await t.database.db.select().from(eventInteractions).where(eq(eventInteractions.userId, me.id));
    expect(rows).toEqual([expect.objectContaining({ eventId: event.id, action: "passed" })]);
    expect((await me.call({ method: "POST", url, payload: { action: "maybe" } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url, payload: { action: "liked" } })).statusCode).toBe(401);
    expect((await me.call({ method: "POST", url: "/api/events/999999/interaction", payload: { action: "liked" } })).statusCode).toBe(404);
  });
});

describe("POST /api/event-participants", () => {
  it("201 going counts and notifies the host; 403 for another user; 404; 409 for the host", async () => {
    const me = await signUp();
    const other = await signUp();
    const host = await signUp();
    const event = await createEvent(host);
    const join = (who: Who, payload: Record<string, unknown>) => who.call({ method: "POST", url: "/api/event-participants", payload });
    const res = await join(me, { eventId: event.id, userId: me.id, status: "going" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ eventId: event.id, userId: me.id, status: "going" });
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row.goingCount).toBe(1);
    expect((await notificationsOf(host.id)).map((n) => n.type)).toEqual(["new_participant"]);
    expect((await join(me, { eventId: event.id, userId: other.id, status: "going" })).statusCode).toBe(403);
    expect((await join(me, { eventId: 999999, userId: me.id, status: "going" })).statusCode).toBe(404);
    expect((await join(host, { eventId: event.id, userId: host.id, status: "going" })).statusCode).toBe(409);
    expect((await join(me, { eventId: event.id, userId: me.id, status: "maybe" })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url: "/api/event-participants", payload: {} })).statusCode).toBe(401);
    // Declining releases the seat.
    await join(me, { eventId: event.id, userId: me.id, status: "declined" });
    const [after] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(after.goingCount).toBe(0);
  });

  it("networking events refuse a direct going (403) and take pending", async () => {
    const me = await signUp();
    const host = await signUp();
    const event = await createEvent(host, { type: "networking", category: "tech" });
    const going = await me.call({ method: "POST", url: "/api/event-participants", payload: { eventId: event.id, userId: me.id, status: "going" } });
    expect(going.statusCode).toBe(403);
    const pending = await me.call({ method: "POST", url: "/api/event-participants", payload: { eventId: event.id, userId: me.id, status: "pending" } });
    expect(pending.statusCode).toBe(201);
    const rows = await t.database.db.select().from(eventParticipants).where(eq(eventParticipants.eventId, event.id));
    expect(rows.map((r) => r.status)).toEqual(["pending"]);
  });

  it("a full event answers 409, offers a first-come waitlist and promotes when someone leaves", async () => {
    const host = await signUp();
    const a = await signUp();
    const b = await signUp();
    const c = await signUp();
    const event = await createEvent(host, { maxAttendees: 1 });
    const post = (who: Who, status: string) =>
      who.call({ method: "POST", url: "/api/event-participants", payload: { eventId: event.id, userId: who.id, status } });
    expect((await post(a, "going")).statusCode).toBe(201);
    const full = await post(b, "going");
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: "This event is full" });
    expect((await post(b, "waitlisted")).json().status).toBe("waitlisted");
    expect((await post(c, "waitlisted")).json().status).toBe("waitlisted");
    const detail = await c.call({ method: "GET", url: `/api/events/${event.id}` });
    expect(detail.json()).toMatchObject({ viewerStatus: "waitlisted", waitlistPosition: 2 });
    await post(a, "declined");
    const rows = await t.database.db.select().from(eventParticipants).where(eq(eventParticipants.eventId, event.id));
    const status = Object.fromEntries(rows.map((r) => [r.userId, r.status]));
    expect(status).toEqual({ [a.id]: "declined", [b.id]: "going", [c.id]: "waitlisted" });
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row.goingCount).toBe(1);
    expect((await notificationsOf(b.id)).map((n) => [n.type, n.title])).toEqual([["participant_update", "You're off the waitlist"]]);
  });

  it("holds the cap under 20 concurrent joins", async () => {
    const host = await signUp();
    const event = await createEvent(host, { maxAttendees: 5 });
    const joiners: Who[] = [];
    for (let i = 0; i < 20; i++) joiners.push(await signUp());
    const results = await Promise.all(
      joiners.map((j) =>
        j.call({ method: "POST", url: "/api/event-participants", payload: { eventId: event.id, userId: j.id, status: "going" } }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row.goingCount).toBe(5);
    const going = await t.database.db
      .select()
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.status, "going")));
    expect(going).toHaveLength(5);
  });
});

describe("GET /api/event-participants and GET /api/users", () => {
  it("lists rows by event ids; 400 on bad ids; 401 signed out", async () => {
    const me = await signUp();
    const host = await signUp();
    const e1 = await createEvent(host);
    const e2 = await createEvent(host);
    await me.call({ method: "POST", url: "/api/event-participants", payload: { eventId: e1.id, userId: me.id, status: "going" } });
    await me.call({ method: "POST", url: "/api/event-participants", payload: { eventId: e2.id, userId: me.id, status: "declined" } });
    const res = await me.call({ method: "GET", url: `/api/event-participants?eventIds=${e1.id},${e2.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { eventId: e1.id, userId: me.id, status: "going" },
      { eventId: e2.id, userId: me.id, status: "declined" },
    ]);
    expect((await me.call({ method: "GET", url: "/api/event-participants?eventIds=a,b" })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/api/event-participants?eventIds=${e1.id}` })).statusCode).toBe(401);
  });

  it("returns public fields only", async () => {
    const me = await signUp();
    const other = await signUp();
    await t.database.db.update(users).set({ latitude: "1.5", longitude: "2.5", lat: 1.5, lng: 2.5 }).where(eq(users.id, other.id));
    const res = await me.call({ method: "GET", url: `/api/users?ids=${other.id},999999` });
    expect(res.statusCode).toBe(200);
    const [u] = res.json();
    expect(res.json()).toHaveLength(1);
    expect(u.id).toBe(other.id);
    expect(u).not.toHaveProperty("email");
    expect(u).not.toHaveProperty("latitude");
    expect(u).not.toHaveProperty("passwordHash");
    expect((await me.call({ method: "GET", url: "/api/users?ids=x" })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/users" })).statusCode).toBe(401);
    const page = await me.call({ method: "GET", url: "/api/users?limit=2" });
    expect(page.json()).toHaveLength(2);
  });
});

describe("host approval", () => {
  it("only the host lists and decides; approve makes going, decline declines; both notify", async () => {
    const host = await signUp();
    const a = await signUp();
    const b = await signUp();
    const event = await createEvent(host, { type: "networking", category: "tech", maxAttendees: 1 });
    for (const who of [a, b]) {
      await who.call({ method: "POST", url: "/api/event-participants", payload: { eventId: event.id, userId: who.id, status: "pending" } });
    }
    expect((await a.call({ method: "GET", url: `/api/events/${event.id}/requests` })).statusCode).toBe(403);
    const list = await host.call({ method: "GET", url: `/api/events/${event.id}/requests` });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { user: { id: number } }) => r.user.id)).toEqual([a.id, b.id]);
    const decide = (who: Who, userId: number, decision: string) =>
      who.call({ method: "POST", url: `/api/events/${event.id}/requests/${userId}`, payload: { decision } });
    expect((await decide(a, b.id, "approve")).statusCode).toBe(403);
    expect((await decide(host, a.id, "maybe")).statusCode).toBe(400);
    expect((await decide(host, a.id, "approve")).json()).toEqual({ eventId: event.id, userId: a.id, status: "going" });
    // The cap of 1 is taken: approving another is refused and changes nothing.
    expect((await decide(host, b.id, "approve")).statusCode).toBe(409);
    expect((await decide(host, b.id, "decline")).json().status).toBe("declined");
    expect((await decide(host, b.id, "approve")).statusCode).toBe(404);
    const rows = await t.database.db.select().from(eventParticipants).where(eq(eventParticipants.eventId, event.id));
    expect(Object.fromEntries(rows.map((r) => [r.userId, r.status]))).toEqual({ [a.id]: "going", [b.id]: "declined" });
    expect((await notificationsOf(a.id)).map((n) => n.title)).toEqual(["Request approved"]);
    expect((await notificationsOf(b.id)).map((n) => n.title)).toEqual(["Request declined"]);
    expect((await notificationsOf(host.id)).filter((n) => n.type === "new_participant")).toHaveLength(2);
  });
});

describe("GET/PATCH/DELETE /api/events/:id and calendar", () => {
  it("reads an event with host, attendees and the viewer's status; 404; 401", async () => {
    const me = await signUp();
    const host = await signUp();
    const event = await createEvent(host);
    await me.call({ method: "POST", url: "/api/event-participants", payload: { eventId: event.id, userId: me.id, status: "going" } });
    const res = await me.call({ method: "GET", url: `/api/events/${event.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: event.id, viewerStatus: "going", isHost: false, attendeeCount: 1, host: { id: host.id } });
    expect(res.json().attendees.map((u: { id: number }) => u.id)).toEqual([me.id]);
    expect((await me.call({ method: "GET", url: "/api/events/999999" })).statusCode).toBe(404);
    expect((await me.call({ method: "GET", url: "/api/events/abc" })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/api/events/${event.id}` })).statusCode).toBe(401);
  });

  it("PATCH is host only, takes location strings and tells those going", async () => {
    const me = await signUp();
    const host = await signUp();
    const event = await createEvent(host);
    await me.call({ method: "POST", url: "/api/event-participants", payload: { eventId: event.id, userId: me.id, status: "going" } });
    const url = `/api/events/${event.id}`;
    expect((await me.call({ method: "PATCH", url, payload: { title: "Hijack" } })).statusCode).toBe(403);
    expect((await host.call({ method: "PATCH", url, payload: { latitude: "north" } })).statusCode).toBe(400);
    expect((await host.call({ method: "PATCH", url, payload: { maxAttendees: 0 } })).statusCode).toBe(400);
    expect((await host.call({ method: "PATCH", url: "/api/events/999999", payload: { title: "x" } })).statusCode).toBe(404);
    const res = await host.call({ method: "PATCH", url, payload: { location: "Pier 17", latitude: "40.7", longitude: "-74.0", title: "New" } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ location: "Pier 17", latitude: "40.7", lat: 40.7, lng: -74, title: "New" });
    expect((await notificationsOf(me.id)).map((n) => n.type)).toEqual(["event_update"]);
  });

  it("PATCH moves the date under the create rule: a past or invalid date is 400 and the row keeps its date", async () => {
    const host = await signUp();
    const event = await createEvent(host);
    const url = `/api/events/${event.id}`;
    const [before] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    const past = await host.call({ method: "PATCH", url, payload: { date: new Date(Date.now() - 3_600_000).toISOString() } });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain("Date cannot be in the past");
    expect((await host.call({ method: "PATCH", url, payload: { date: "not a date" } })).statusCode).toBe(400);
    const [unchanged] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(unchanged.date.toISOString()).toBe(before.date.toISOString());
    const later = inDays(9, 17);
    const res = await host.call({ method: "PATCH", url, payload: { date: later.toISOString() } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().date).toBe(later.toISOString());
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row.date.toISOString()).toBe(later.toISOString());
  });

  it("DELETE cancels for its participants, host only", async () => {
    const me = await signUp();
    const host = await signUp();
    const event = await createEvent(host);
    await me.call({ method: "POST", url: "/api/event-participants", payload: { eventId: event.id, userId: me.id, status: "going" } });
    expect((await me.call({ method: "DELETE", url: `/api/events/${event.id}` })).statusCode).toBe(403);
    const res = await host.call({ method: "DELETE", url: `/api/events/${event.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().canceledAt).not.toBeNull();
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row.canceledAt).not.toBeNull();
    expect((await notificationsOf(me.id)).map((n) => n.type)).toEqual(["event_canceled"]);
    const late = await signUp();
    const join = await late.call({ method: "POST", url: "/api/event-participants", payload: { eventId: event.id, userId: late.id, status: "going" } });
    expect(join.statusCode).toBe(409);
    expect((await host.call({ method: "DELETE", url: "/api/events/999999" })).statusCode).toBe(404);
  });

  it("exports an .ics calendar file", async () => {
    const host = await signUp();
    const event = await createEvent(host, { title: "Calendar Dinner" });
    const res = await host.call({ method: "GET", url: `/api/events/${event.id}/calendar.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/calendar");
    expect(res.body).toContain("BEGIN:VEVENT");
    expect(res.body).toContain("SUMMARY:Calendar Dinner");
    expect((await host.call({ method: "GET", url: "/api/events/999999/calendar.ics" })).statusCode).toBe(404);
  });
});

describe("GET /api/events/user", () => {
  it("lists hosting and attending with the viewer's status; another id is 403", async () => {
    const me = await signUp();
    const host = await signUp();
    const mine = await createEvent(me, { title: "Mine" });
    const going = await createEvent(host, { title: "Going" });
    const applied = await createEvent(host, { title: "Applied", type: "networking", category: "tech" });
    const declined = await createEvent(host, { title: "Declined" });
    const post = (eventId: number, status: string) =>
      me.call({ method: "POST", url: "/api/event-participants", payload: { eventId, userId: me.id, status } });
    await post(going.id, "going");
    await post(applied.id, "pending");
    await post(declined.id, "declined");
    const res = await me.call({ method: "GET", url: `/api/events/user?userId=${me.id}` });
    expect(res.statusCode).toBe(200);
    const byTitle = Object.fromEntries(res.json().map((e: { title: string; role: string; status: string | null }) => [e.title, [e.role, e.status]]));
    expect(byTitle).toEqual({ Mine: ["host", null], Going: ["participant", "going"], Applied: ["participant", "pending"] });
    expect(mine.id).toBeGreaterThan(0);
    expect((await me.call({ method: "GET", url: `/api/events/user?userId=${host.id}` })).statusCode).toBe(403);
    const history = await me.call({ method: "GET", url: `/api/events/user/${me.id}?status=going` });
    expect(history.json().map((e: { title: string }) => e.title)).toEqual(["Going"]);
    expect((await me.call({ method: "GET", url: `/api/events/user/${host.id}?status=going` })).statusCode).toBe(403);
    expect((await me.call({ method: "GET", url: `/api/events/user/${me.id}?status=maybe` })).statusCode).toBe(400);
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
    const repo = eventsRepository(t.database.db);
    const inputs = { interests: [], friendIds: [], freeSlots: [], timezone: "UTC" };
    const base = { userId: host.id + 1, type: "social", now: new Date() };
    const nearby = await repo.explainFeed({ ...base, position: { lat: 40, lng: -100, radiusKm: 25 } }, inputs, "all");
    expect(nearby).toMatch(/events_(lat_lng|type_date)_idx/);
    const upcoming = await repo.explainFeed(base, inputs, "music");
    expect(upcoming).toMatch(/events_type_date_idx/);
  });
});
