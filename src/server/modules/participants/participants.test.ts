import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventSuite, type Who } from "#server/test/factories";
import { eventParticipants } from "./schema";

const { app, signUp, createEvent, participate, eventRow, notificationsOf } = eventSuite();
const participantsOf = (eventId: number) =>
  app().database.db.select().from(eventParticipants).where(eq(eventParticipants.eventId, eventId));
const statusByUser = async (eventId: number) =>
  Object.fromEntries((await participantsOf(eventId)).map((r) => [r.userId, r.status]));

describe("POST /api/event-participants", () => {
  it("201 going counts and notifies the host; 403 for another user; 404; 409 for the host", async () => {
    const me = await signUp({ fullName: "Mia Going" });
    const other = await signUp();
    const host = await signUp();
    const event = await createEvent(host);
    const join = (who: Who, payload: Record<string, unknown>) =>
      who.call({ method: "POST", url: "/api/event-participants", payload });
    const res = await participate(me, event.id, "going");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ eventId: event.id, userId: me.id, status: "going" });
    expect((await eventRow(event.id)).goingCount).toBe(1);
    expect((await notificationsOf(host.id)).map((n) => [n.type, n.title, n.message, n.actionUrl])).toEqual([
      ["new_participant", "New participant", "Mia Going is going to Dinner at Luigi's", `/events/${event.id}`],
    ]);
    expect((await join(me, { eventId: event.id, userId: other.id, status: "going" })).statusCode).toBe(403);
    expect((await join(me, { eventId: 999999, userId: me.id, status: "going" })).statusCode).toBe(404);
    expect((await participate(host, event.id, "going")).statusCode).toBe(409);
    expect((await participate(me, event.id, "maybe")).statusCode).toBe(400);
    expect((await app().app.inject({ method: "POST", url: "/api/event-participants", payload: {} })).statusCode).toBe(
      401,
    );
    // Declining releases the seat.
    await participate(me, event.id, "declined");
    expect((await eventRow(event.id)).goingCount).toBe(0);
  });

  it("a networking event is joined only through the host: going, waitlisted and pending all become a pending request", async () => {
    const host = await signUp();
    const event = await createEvent(host, { type: "networking", category: "tech", maxAttendees: 5 });
    for (const asked of ["going", "waitlisted", "pending"]) {
      const me = await signUp();
      const res = await participate(me, event.id, asked);
      expect(res.statusCode, `${asked}: ${res.body}`).toBe(201);
      expect(res.json(), asked).toEqual({ eventId: event.id, userId: me.id, status: "pending" });
      // Asking again for a seat does not skip the host either.
      expect((await participate(me, event.id, "going")).json().status).toBe("pending");
    }
    expect((await participantsOf(event.id)).map((r) => r.status)).toEqual(["pending", "pending", "pending"]);
    expect((await eventRow(event.id)).goingCount).toBe(0);
    // The host is asked: one request notification per applicant, and all three are listed for approval.
    expect((await notificationsOf(host.id)).map((n) => n.message)).toEqual(
      Array(3).fill(expect.stringMatching(/ asked to join Dinner at Luigi's$/)),
    );
    const requests = await host.call({ method: "GET", url: `/api/events/${event.id}/requests` });
    expect(requests.json()).toHaveLength(3);
  });

  it("an approved networking participant stays going when the client asks again, and can leave", async () => {
    const host = await signUp();
    const me = await signUp();
    const event = await createEvent(host, { type: "networking", category: "tech" });
    await participate(me, event.id, "pending");
    await host.call({
      method: "POST",
      url: `/api/events/${event.id}/requests/${me.id}`,
      payload: { decision: "approve" },
    });
    expect((await participate(me, event.id, "waitlisted")).json().status).toBe("going");
    expect((await participate(me, event.id, "going")).json().status).toBe("going");
    expect((await participate(me, event.id, "declined")).json().status).toBe("declined");
    expect((await eventRow(event.id)).goingCount).toBe(0);
  });

  it("a full event answers 409, offers a first-come waitlist and promotes when someone leaves", async () => {
    const host = await signUp();
    const a = await signUp();
    const b = await signUp({ fullName: "Bea Waiting" });
    const c = await signUp();
    const event = await createEvent(host, { maxAttendees: 1 });
    expect((await participate(a, event.id, "going")).statusCode).toBe(201);
    const full = await participate(b, event.id, "going");
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: "This event is full" });
    expect((await participate(b, event.id, "waitlisted")).json().status).toBe("waitlisted");
    expect((await participate(c, event.id, "waitlisted")).json().status).toBe("waitlisted");
    const detail = await c.call({ method: "GET", url: `/api/events/${event.id}` });
    expect(detail.json()).toMatchObject({ viewerStatus: "waitlisted", waitlistPosition: 2 });
    expect((await notificationsOf(host.id)).map((n) => n.message)).toContain(
      "Bea Waiting joined the waitlist for Dinner at Luigi's",
    );
    await participate(a, event.id, "declined");
    expect(await statusByUser(event.id)).toEqual({ [a.id]: "declined", [b.id]: "going", [c.id]: "waitlisted" });
    expect((await eventRow(event.id)).goingCount).toBe(1);
    expect((await notificationsOf(b.id)).map((n) => [n.type, n.title, n.message, n.actionUrl])).toEqual([
      [
        "participant_update",
        "You're off the waitlist",
        "A spot opened up: you're going to Dinner at Luigi's",
        `/events/${event.id}`,
      ],
    ]);
  });

  it("holds the cap under 20 concurrent joins", async () => {
    const host = await signUp();
    const event = await createEvent(host, { maxAttendees: 5 });
    const joiners: Who[] = [];
    for (let i = 0; i < 20; i++) joiners.push(await signUp());
    const results = await Promise.all(joiners.map((j) => participate(j, event.id, "going")));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect((await eventRow(event.id)).goingCount).toBe(5);
    const going = await app()
      .database.db.select()
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
    await participate(me, e1.id, "going");
    await participate(me, e2.id, "declined");
    const res = await me.call({ method: "GET", url: `/api/event-participants?eventIds=${e1.id},${e2.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { eventId: e1.id, userId: me.id, status: "going" },
      { eventId: e2.id, userId: me.id, status: "declined" },
    ]);
    expect((await me.call({ method: "GET", url: "/api/event-participants?eventIds=a,b" })).statusCode).toBe(400);
    const signedOut = await app().app.inject({ method: "GET", url: `/api/event-participants?eventIds=${e1.id}` });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe("host approval", () => {
  it("only the host lists and decides; approve makes going, decline declines; both notify", async () => {
    const host = await signUp();
    const a = await signUp();
    const b = await signUp();
    const event = await createEvent(host, { type: "networking", category: "tech", maxAttendees: 1 });
    for (const who of [a, b]) await participate(who, event.id, "pending");
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
    expect(await statusByUser(event.id)).toEqual({ [a.id]: "going", [b.id]: "declined" });
    const told = async (who: Who) => (await notificationsOf(who.id)).map((n) => [n.title, n.message, n.actionUrl]);
    expect(await told(a)).toEqual([["Request approved", "You're going to Dinner at Luigi's", `/events/${event.id}`]]);
    expect(await told(b)).toEqual([
      ["Request declined", "Your request to join Dinner at Luigi's was declined", `/events/${event.id}`],
    ]);
    expect((await notificationsOf(host.id)).filter((n) => n.type === "new_participant")).toHaveLength(2);
  });
});
