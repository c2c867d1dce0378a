import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCESS_GRANT_TEXTS } from "#contract/auth";
import { users } from "#server/modules/users/schema";
import { createGroup, eventSuite } from "#server/test/factories";
import { registerPayload } from "#server/test/people";
import { events } from "./schema";

const { app, signUp, createEvent, participate, eventRow } = eventSuite();

const preview = (id: number, cookie?: string) =>
  app().app.inject({ method: "GET", url: `/api/events/${id}/preview`, headers: cookie ? { cookie } : {} });

describe("GET /api/events/:id/preview", () => {
  it("shows anyone signed out the event, its host and how many are going, never who", async () => {
    const host = await signUp({ fullName: "Ada Host" });
    const guest = await signUp({ fullName: "Secret Guest" });
    const event = await createEvent(host, {
      title: "Sundowner",
      location: "Dolores Park",
      latitude: "37.7596",
      longitude: "-122.4269",
    });
    await participate(guest, event.id, "going");
    const res = await preview(event.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: event.id,
      title: "Sundowner",
      location: "Dolores Park",
      pinned: true,
      timezone: "America/Los_Angeles",
      host: { fullName: "Ada Host", profileImage: null },
      goingCount: 1,
      canceled: false,
    });
    expect(res.body).not.toContain("Secret Guest");
    expect(res.body).not.toContain(guest.user.username);
    expect(res.json()).not.toHaveProperty("attendees");
    expect(res.json()).not.toHaveProperty("hostId");
  });

  it("is 404 for a group's plan (even to a member), a hidden event, and an unknown id", async () => {
    const owner = await signUp();
    const group = await createGroup(owner);
    const plan = await owner.call({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Members only",
        description: "x",
        date: new Date(Date.now() + 86_400_000).toISOString(),
        location: "",
        type: "social",
        groupId: group.id,
      },
    });
    expect(plan.statusCode).toBe(201);
    expect((await preview(plan.json().id)).statusCode).toBe(404);
    expect((await preview(plan.json().id, owner.cookie)).statusCode).toBe(404);
    expect((await preview(plan.json().id)).body).not.toContain("Members only");

    const host = await signUp();
    const hidden = await createEvent(host, { title: "Hidden one" });
    await app().database.db.update(events).set({ hiddenAt: new Date() }).where(eq(events.id, hidden.id));
    expect((await preview(hidden.id)).statusCode).toBe(404);
    expect((await preview(999_999)).statusCode).toBe(404);
    expect((await preview(0)).statusCode).toBe(400);
  });
});

describe("registering through an event's link", () => {
  it("opens no registration: a bare event id is refused and stores no account", async () => {
    const host = await signUp();
    const event = await createEvent(host);
    const payload = registerPayload({ fullName: "Walked In By Id" });
    const res = await app().app.inject({
      method: "POST",
      url: "/api/register",
      payload: { ...payload, eventId: event.id },
    });
    expect(res.statusCode).toBe(400);
    const bare = await app().app.inject({ method: "POST", url: "/api/register", payload });
    expect([bare.statusCode, bare.json()]).toMatchObject([403, { message: ACCESS_GRANT_TEXTS.missing }]);
    expect(await app().database.db.select().from(users).where(eq(users.username, payload.username))).toEqual([]);
    expect((await preview(event.id)).json()).not.toHaveProperty("signupOpen");
  });
});

describe("an approximate place", () => {
  it("keeps the town a hand-typed place is pinned to, and forgets it when the pin moves exactly", async () => {
    const host = await signUp();
    const event = await createEvent(host, {
      location: "Blue Bottle, 66 Mint St",
      latitude: "37.77493",
      longitude: "-122.41942",
      placeArea: "San Francisco",
    });
    expect((await eventRow(event.id)).placeArea).toBe("San Francisco");
    expect((await preview(event.id)).json()).toMatchObject({ pinned: false, placeArea: "San Francisco" });

    // Without a pin there is nothing to be approximate about.
    const unpinned = await createEvent(host, { location: "Somewhere", placeArea: "San Francisco" });
    expect((await eventRow(unpinned.id)).placeArea).toBeNull();

    // "Use my location" later: the exact pin replaces the town's centre.
    const moved = await host.call({
      method: "PATCH",
      url: `/api/events/${event.id}`,
      payload: { latitude: "37.78270", longitude: "-122.40700" },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().placeArea).toBeNull();
    expect((await preview(event.id)).json()).toMatchObject({ pinned: true, placeArea: null });
    // An area alone does not change an exact pin.
    await host.call({ method: "PATCH", url: `/api/events/${event.id}`, payload: { placeArea: "Oakland" } });
    expect((await eventRow(event.id)).placeArea).toBeNull();
  });
});
