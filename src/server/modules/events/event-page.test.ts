import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventInteractions } from "#server/modules/discover/schema";
import { eventSuite, inDays } from "#server/test/factories";

const { app, signUp, createEvent, participate, eventRow, notificationsOf } = eventSuite();

/** A host's event with one guest (`me`) going: what reading, editing and canceling are about. */
async function eventWithGuest() {
  const me = await signUp();
  const host = await signUp();
  const event = await createEvent(host);
  await participate(me, event.id, "going");
  return { me, host, event };
}

describe("GET /api/events/:id", () => {
  it("reads an event with host, attendees and the viewer's status; 404; 401", async () => {
    const { me, host, event } = await eventWithGuest();
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
    expect((await app().app.inject({ method: "GET", url: `/api/events/${event.id}` })).statusCode).toBe(401);
  });
});

describe("PATCH /api/events/:id", () => {
  it("is host only, takes location strings and tells those going", async () => {
    const { me, host, event } = await eventWithGuest();
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
    expect(await eventRow(event.id)).toMatchObject({
      location: "Pier 17",
      latitude: "40.7",
      lat: 40.7,
      lng: -74,
      title: "New",
    });
    expect((await notificationsOf(me.id)).map((n) => [n.type, n.title, n.message, n.actionUrl])).toEqual([
      [
        "event_update",
        "Event updated",
        "Dinner at Luigi's has changed. New name: New. New place: Pier 17.",
        `/events/${event.id}`,
      ],
    ]);
  });

  it("moves the date under the create rule: a past or invalid date is 400 and the row keeps its date", async () => {
    const host = await signUp();
    const event = await createEvent(host);
    const url = `/api/events/${event.id}`;
    const before = await eventRow(event.id);
    const past = await host.call({
      method: "PATCH",
      url,
      payload: { date: new Date(Date.now() - 3_600_000).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain("Date cannot be in the past");
    expect((await host.call({ method: "PATCH", url, payload: { date: "not a date" } })).statusCode).toBe(400);
    expect((await eventRow(event.id)).date.toISOString()).toBe(before.date.toISOString());
    const later = inDays(9, 17);
    const res = await host.call({ method: "PATCH", url, payload: { date: later.toISOString() } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().date).toBe(later.toISOString());
    expect((await eventRow(event.id)).date.toISOString()).toBe(later.toISOString());
  });
});

describe("DELETE /api/events/:id", () => {
  it("cancels for its participants, host only; a canceled event takes no one", async () => {
    const { me, host, event } = await eventWithGuest();
    expect((await me.call({ method: "DELETE", url: `/api/events/${event.id}` })).statusCode).toBe(403);
    const res = await host.call({ method: "DELETE", url: `/api/events/${event.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().canceledAt).not.toBeNull();
    expect((await eventRow(event.id)).canceledAt).not.toBeNull();
    expect((await notificationsOf(me.id)).map((n) => [n.type, n.title, n.message, n.actionUrl])).toEqual([
      ["event_canceled", "Event canceled", "Dinner at Luigi's has been canceled", `/events/${event.id}`],
    ]);
    expect((await participate(await signUp(), event.id, "going")).statusCode).toBe(409);
    expect((await host.call({ method: "DELETE", url: "/api/events/999999" })).statusCode).toBe(404);
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
    const rows = await app().database.db.select().from(eventInteractions).where(eq(eventInteractions.userId, me.id));
    expect(rows).toEqual([expect.objectContaining({ eventId: event.id, action: "passed" })]);
    expect((await me.call({ method: "POST", url, payload: { action: "maybe" } })).statusCode).toBe(400);
    expect((await app().app.inject({ method: "POST", url, payload: { action: "liked" } })).statusCode).toBe(401);
    expect(
      (await me.call({ method: "POST", url: "/api/events/999999/interaction", payload: { action: "liked" } }))
        .statusCode,
    ).toBe(404);
  });
});
