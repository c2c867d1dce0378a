import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventParticipants, events, notifications } from "../../db/schema";
import { eventFixtures, type Who } from "../../test/event-fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

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

describe("POST /api/event-participants", () => {
  it("201 going counts and notifies the host; 403 for another user; 404; 409 for the host", async () => {
    const me = await signUp();
    const other = await signUp();
    const host = await signUp();
    const event = await createEvent(host);
    const join = (who: Who, payload: Record<string, unknown>) =>
      who.call({ method: "POST", url: "/api/event-participants", payload });
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

  it("a networking event is joined only through the host: going, waitlisted and pending all become a pending request", async () => {
    const host = await signUp();
    const event = await createEvent(host, { type: "networking", category: "tech", maxAttendees: 5 });
    for (const asked of ["going", "waitlisted", "pending"]) {
      const me = await signUp();
      const res = await me.call({
        method: "POST",
        url: "/api/event-participants",
        payload: { eventId: event.id, userId: me.id, status: asked },
      });
      expect(res.statusCode, `${asked}: ${res.body}`).toBe(201);
      expect(res.json(), asked).toEqual({ eventId: event.id, userId: me.id, status: "pending" });
      // Asking again for a seat does not skip the host either.
      const again = await me.call({
        method: "POST",
        url: "/api/event-participants",
        payload: { eventId: event.id, userId: me.id, status: "going" },
      });
      expect(again.json().status).toBe("pending");
    }
    const rows = await t.database.db.select().from(eventParticipants).where(eq(eventParticipants.eventId, event.id));
    expect(rows.map((r) => r.status)).toEqual(["pending", "pending", "pending"]);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row.goingCount).toBe(0);
    // The host is asked: one request notification per applicant, and all three are listed for approval.
    expect((await notificationsOf(host.id)).map((n) => n.message)).toEqual(
      Array(3).fill(expect.stringMatching(/asked to join/)),
    );
    const requests = await host.call({ method: "GET", url: `/api/events/${event.id}/requests` });
    expect(requests.json()).toHaveLength(3);
  });

  it("an approved networking participant stays going when the client asks again, and can leave", async () => {
    const host = await signUp();
    const me = await signUp();
    const event = await createEvent(host, { type: "networking", category: "tech" });
    const post = (status: string) =>
      me.call({
        method: "POST",
        url: "/api/event-participants",
        payload: { eventId: event.id, userId: me.id, status },
      });
    await post("pending");
    await host.call({
      method: "POST",
      url: `/api/events/${event.id}/requests/${me.id}`,
      payload: { decision: "approve" },
    });
    expect((await post("waitlisted")).json().status).toBe("going");
    expect((await post("going")).json().status).toBe("going");
    expect((await post("declined")).json().status).toBe("declined");
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row.goingCount).toBe(0);
  });

  it("a full event answers 409, offers a first-come waitlist and promotes when someone leaves", async () => {
    const host = await signUp();
    const a = await signUp();
    const b = await signUp();
    const c = await signUp();
    const event = await createEvent(host, { maxAttendees: 1 });
    const post = (who: Who, status: string) =>
      who.call({
        method: "POST",
        url: "/api/event-participants",
        payload: { eventId: event.id, userId: who.id, status },
      });
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
    expect((await notificationsOf(b.id)).map((n) => [n.type, n.title])).toEqual([
      ["participant_update", "You're off the waitlist"],
    ]);
  });

  it("holds the cap under 20 concurrent joins", async () => {
    const host = await signUp();
    const event = await createEvent(host, { maxAttendees: 5 });
    const joiners: Who[] = [];
    for (let i = 0; i < 20; i++) joiners.push(await signUp());
    const results = await Promise.all(
      joiners.map((j) =>
        j.call({
          method: "POST",
          url: "/api/event-participants",
          payload: { eventId: event.id, userId: j.id, status: "going" },
        }),
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

describe("GET /api/event-participants", () => {
  it("lists rows by event ids; 400 on bad ids; 401 signed out", async () => {
    const me = await signUp();
    const host = await signUp();
    const e1 = await createEvent(host);
    const e2 = await createEvent(host);
    await me.call({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: e1.id, userId: me.id, status: "going" },
    });
    await me.call({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: e2.id, userId: me.id, status: "declined" },
    });
    const res = await me.call({ method: "GET", url: `/api/event-participants?eventIds=${e1.id},${e2.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { eventId: e1.id, userId: me.id, status: "going" },
      { eventId: e2.id, userId: me.id, status: "declined" },
    ]);
    expect((await me.call({ method: "GET", url: "/api/event-participants?eventIds=a,b" })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/api/event-participants?eventIds=${e1.id}` })).statusCode).toBe(
      401,
    );
  });
});

describe("host approval", () => {
  it("only the host lists and decides; approve makes going, decline declines; both notify", async () => {
    const host = await signUp();
    const a = await signUp();
    const b = await signUp();
    const event = await createEvent(host, { type: "networking", category: "tech", maxAttendees: 1 });
    for (const who of [a, b]) {
      await who.call({
        method: "POST",
        url: "/api/event-participants",
        payload: { eventId: event.id, userId: who.id, status: "pending" },
      });
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
