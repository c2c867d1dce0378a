import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEAT_CONFIRM_MS } from "#contract/hosting";
import { events } from "#server/modules/events/schema";
import { eventParticipants } from "#server/modules/participants/schema";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";

// Undo on the deck deletes the stored answer and the event comes back.
let t: TestApp;
let host: Awaited<ReturnType<typeof registerUser>>;
let ann: Awaited<ReturnType<typeof registerUser>>;
let ben: Awaited<ReturnType<typeof registerUser>>;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
async function createEvent(maxAttendees: number | null = null, waitlistMode: "instant" | "confirm" = "instant") {
  const res = await as(
    t.app,
    host.cookie,
  )({
    method: "POST",
    url: "/api/events",
    payload: {
      title: "Sunset picnic",
      description: "Dolores Park",
      date: tomorrow(),
      hostId: host.user.id,
      type: "social",
      maxAttendees,
      waitlistMode,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}
const answer = (who: typeof ann, eventId: number, status: string) =>
  as(
    t.app,
    who.cookie,
  )({ method: "POST", url: "/api/event-participants", payload: { eventId, userId: who.user.id, status } });
const undo = (who: typeof ann, eventId: number) =>
  as(t.app, who.cookie)({ method: "DELETE", url: `/api/event-interactions/${eventId}` });
const deckIds = async (who: typeof ann) =>
  (
    (await as(t.app, who.cookie)({ method: "GET", url: `/api/events/swipe/${who.user.id}?type=social` })).json()
      .events as Array<{ id: number }>
  ).map((e) => e.id);
const row = async (eventId: number, userId: number) =>
  (
    await t.database.db
      .select()
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
  )[0];
const goingCount = async (eventId: number) =>
  (await t.database.db.select().from(events).where(eq(events.id, eventId)))[0].goingCount;

beforeAll(async () => {
  t = await createTestApp();
  host = await registerUser(t.app);
  ann = await registerUser(t.app);
  ben = await registerUser(t.app);
});
afterAll(() => t.close());

describe("DELETE /api/event-interactions/{eventId}", () => {
  it("takes back a 'going' swipe: the row is gone, the seat is free and the card is back in the deck", async () => {
    const id = await createEvent();
    expect((await answer(ann, id, "going")).statusCode).toBe(201);
    expect(await goingCount(id)).toBe(1);
    expect(await deckIds(ann)).not.toContain(id);

    expect((await undo(ann, id)).statusCode).toBe(204);
    expect(await row(id, ann.user.id)).toBeUndefined();
    expect(await goingCount(id)).toBe(0);
    expect(await deckIds(ann)).toContain(id);
    // Nothing left to take back.
    const again = await undo(ann, id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("There is no answer to undo for this event");
  });

  it("takes back a pass, and touches only the caller's answer", async () => {
    const id = await createEvent();
    await answer(ann, id, "declined");
    await answer(ben, id, "going");
    expect((await undo(ann, id)).statusCode).toBe(204);
    expect(await row(id, ann.user.id)).toBeUndefined();
    expect((await row(id, ben.user.id))?.status).toBe("going");
    expect(await goingCount(id)).toBe(1);
  });

  it("gives a freed seat to the first waitlisted person", async () => {
    const id = await createEvent(1);
    await answer(ann, id, "going");
    expect((await answer(ben, id, "waitlisted")).json().status).toBe("waitlisted");
    expect((await undo(ann, id)).statusCode).toBe(204);
    expect((await row(id, ben.user.id))?.status).toBe("going");
    expect(await goingCount(id)).toBe(1);
  });

  it("with the host's confirm mode, offers the freed seat for an hour and says so", async () => {
    const id = await createEvent(1, "confirm");
    await answer(ann, id, "going");
    expect((await answer(ben, id, "waitlisted")).json().status).toBe("waitlisted");
    const before = Date.now();
    expect((await undo(ann, id)).statusCode).toBe(204);
    const offered = await row(id, ben.user.id);
    expect(offered?.status).toBe("going");
    expect(offered?.confirmBy?.getTime()).toBeGreaterThanOrEqual(before + SEAT_CONFIRM_MS - 1000);
    expect(offered?.confirmBy?.getTime()).toBeLessThanOrEqual(Date.now() + SEAT_CONFIRM_MS);
    expect(await goingCount(id)).toBe(1);
    const inbox: Array<{ message: string; actionUrl: string }> = (
      await as(t.app, ben.cookie)({ method: "GET", url: "/api/notifications" })
    ).json().notifications;
    expect(inbox.filter((n) => n.actionUrl === `/events/${id}`).map((n) => n.message)).toEqual([
      "A spot opened up at Sunset picnic: confirm within an hour to keep it",
    ]);
  });

  it("answers 401 to a visitor and 404 for an unknown event, changing nothing", async () => {
    const id = await createEvent();
    await answer(ann, id, "going");
    expect((await t.app.inject({ method: "DELETE", url: `/api/event-interactions/${id}` })).statusCode).toBe(401);
    expect((await undo(ann, 999_999)).statusCode).toBe(404);
    expect((await undo(ann, 0)).statusCode).toBe(400);
    expect((await row(id, ann.user.id))?.status).toBe("going");
  });
});
