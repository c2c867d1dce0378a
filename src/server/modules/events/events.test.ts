import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventInteractions, events, groupMembers, groups, notifications, users } from "../../db/schema";
import { eventFixtures, inDays } from "../../test/event-fixtures";
import { as, createTestApp, registerUser, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { createEvent, signUp } = eventFixtures(() => t);

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
    expect(row).toMatchObject({
      hostId: host.id,
      type: "social",
      friendGroupId: "all",
      maxAttendees: null,
      category: null,
    });
  });

  it("201 stores a networking event with category and the default cap of 20", async () => {
    const host = await signUp();
    const created = await createEvent(host, { type: "networking", category: "design", friendGroupId: undefined });
    const [row] = await t.database.db.select().from(events).where(eq(events.id, created.id));
    expect(row).toMatchObject({
      type: "networking",
      category: "design",
      maxAttendees: 20,
      friendGroupId: null,
      tags: ["design"],
    });
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
      payload: {
        title: "T",
        description: "D",
        date: inDays(1).toISOString(),
        hostId: host.id,
        type: "social",
        ...patch,
      },
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
    const payload = {
      title: "Boulder",
      description: "",
      date: inDays(4).toISOString(),
      type: "sports",
      location: "Gym",
      groupId: group.id,
    };
    expect((await outsider.call({ method: "POST", url: "/api/events", payload })).statusCode).toBe(403);
    const res = await member.call({ method: "POST", url: "/api/events", payload });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, res.json().id));
    expect(row).toMatchObject({ groupId: group.id, groupEventType: "sports", hostId: member.id });
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
    expect(
      (await me.call({ method: "POST", url: "/api/events/999999/interaction", payload: { action: "liked" } }))
        .statusCode,
    ).toBe(404);
  });
});

describe("GET /api/users", () => {
  it("returns public fields only", async () => {
    const me = await signUp();
    const other = await signUp();
    await t.database.db
      .update(users)
      .set({ latitude: "1.5", longitude: "2.5", lat: 1.5, lng: 2.5 })
      .where(eq(users.id, other.id));
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

describe("GET/PATCH/DELETE /api/events/:id and calendar", () => {
  it("reads an event with host, attendees and the viewer's status; 404; 401", async () => {
    const me = await signUp();
    const host = await signUp();
    const event = await createEvent(host);
    await me.call({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: event.id, userId: me.id, status: "going" },
    });
    const res = await me.call({ method: "GET", url: `/api/events/${event.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: event.id,
      viewerStatus: "going",
      isHost: false,
      attendeeCount: 1,
      host: { id: host.id },
    });
    expect(res.json().attendees.map((u: { id: number }) => u.id)).toEqual([me.id]);
    expect((await me.call({ method: "GET", url: "/api/events/999999" })).statusCode).toBe(404);
    expect((await me.call({ method: "GET", url: "/api/events/abc" })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/api/events/${event.id}` })).statusCode).toBe(401);
  });

  it("PATCH is host only, takes location strings and tells those going", async () => {
    const me = await signUp();
    const host = await signUp();
    const event = await createEvent(host);
    await me.call({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: event.id, userId: me.id, status: "going" },
    });
    const url = `/api/events/${event.id}`;
    expect((await me.call({ method: "PATCH", url, payload: { title: "Hijack" } })).statusCode).toBe(403);
    expect((await host.call({ method: "PATCH", url, payload: { latitude: "north" } })).statusCode).toBe(400);
    expect((await host.call({ method: "PATCH", url, payload: { maxAttendees: 0 } })).statusCode).toBe(400);
    expect((await host.call({ method: "PATCH", url: "/api/events/999999", payload: { title: "x" } })).statusCode).toBe(
      404,
    );
    const res = await host.call({
      method: "PATCH",
      url,
      payload: { location: "Pier 17", latitude: "40.7", longitude: "-74.0", title: "New" },
    });
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
    const past = await host.call({
      method: "PATCH",
      url,
      payload: { date: new Date(Date.now() - 3_600_000).toISOString() },
    });
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
    await me.call({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: event.id, userId: me.id, status: "going" },
    });
    expect((await me.call({ method: "DELETE", url: `/api/events/${event.id}` })).statusCode).toBe(403);
    const res = await host.call({ method: "DELETE", url: `/api/events/${event.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().canceledAt).not.toBeNull();
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row.canceledAt).not.toBeNull();
    expect((await notificationsOf(me.id)).map((n) => n.type)).toEqual(["event_canceled"]);
    const late = await signUp();
    const join = await late.call({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: event.id, userId: late.id, status: "going" },
    });
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

describe("GET /api/events/:id/calendar.ics links from PUBLIC_ORIGIN only (issue 9.10)", () => {
  const forged = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
  async function icsFrom(overrides: Parameters<typeof createTestApp>[0]) {
    const other = await createTestApp({ TRUST_PROXY: true, ...overrides });
    try {
      const { user, cookie } = await registerUser(other.app);
      const event = await as(
        other.app,
        cookie,
      )({
        method: "POST",
        url: "/api/events",
        payload: {
          title: "Origin Dinner",
          description: "x",
          date: inDays(3).toISOString(),
          location: "Luigi's",
          hostId: user.id,
          type: "social",
          friendGroupId: "all",
        },
      });
      const res = await other.app.inject({
        method: "GET",
        url: `/api/events/${event.json().id}/calendar.ics`,
        headers: { cookie, ...forged },
      });
      expect(res.statusCode).toBe(200);
      return { body: res.body, id: event.json().id as number };
    } finally {
      await other.close();
    }
  }

  it("uses PUBLIC_ORIGIN even when the request names another host", async () => {
    const { body, id } = await icsFrom({ PUBLIC_ORIGIN: "https://link.example" });
    expect(body).toContain(`URL:https://link.example/events/${id}`);
    expect(body).not.toContain("evil.example");
  });

  it("in production without PUBLIC_ORIGIN the file has no URL rather than the request's host", async () => {
    const { body } = await icsFrom({ NODE_ENV: "production", PUBLIC_ORIGIN: undefined });
    expect(body).toContain("SUMMARY:Origin Dinner");
    expect(body).not.toMatch(/^URL/m);
    expect(body).not.toContain("evil.example");
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
    const byTitle = Object.fromEntries(
      res.json().map((e: { title: string; role: string; status: string | null }) => [e.title, [e.role, e.status]]),
    );
    expect(byTitle).toEqual({
      Mine: ["host", null],
      Going: ["participant", "going"],
      Applied: ["participant", "pending"],
    });
    expect(mine.id).toBeGreaterThan(0);
    expect((await me.call({ method: "GET", url: `/api/events/user?userId=${host.id}` })).statusCode).toBe(403);
    const history = await me.call({ method: "GET", url: `/api/events/user/${me.id}?status=going` });
    expect(history.json().map((e: { title: string }) => e.title)).toEqual(["Going"]);
    expect((await me.call({ method: "GET", url: `/api/events/user/${host.id}?status=going` })).statusCode).toBe(403);
    expect((await me.call({ method: "GET", url: `/api/events/user/${me.id}?status=maybe` })).statusCode).toBe(400);
  });
});
