import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#server/modules/events/schema";
import { notifications } from "#server/modules/notifications/schema";
import { createEvent, createUser, participate } from "#server/test/factories";
import { createTestApp, type TestApp } from "#server/test/test-app";
import { eventParticipants } from "./schema";

/** An app whose clock the test moves: the seat offers' hour passes without waiting an hour. */
let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t.close());

const row = async (eventId: number, userId: number) => {
  const [r] = await t.database.db
    .select()
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)));
  return r;
};
const titles = async (userId: number) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);

describe("a waitlist that waits for a confirmation", () => {
  it("offers a freed seat for an hour; unconfirmed, it passes to the next; confirmed, it stays", async () => {
    const host = await createUser(t);
    const [going, first, second] = [await createUser(t), await createUser(t), await createUser(t)];
    const event = await createEvent(host, { maxAttendees: 1, waitlistMode: "confirm" });
    await participate(going, event.id, "going");
    await participate(first, event.id, "waitlisted");
    await participate(second, event.id, "waitlisted");

    await participate(going, event.id, "declined");
    expect((await row(event.id, first.id)).status).toBe("going");
    expect((await row(event.id, first.id)).confirmBy?.getTime()).toBe(clock + 60 * 60_000);
    expect(await titles(first.id)).toContain("A spot opened up");
    const page = (await first.call({ method: "GET", url: `/api/events/${event.id}` })).json();
    expect(page.viewerConfirmBy).toBe(new Date(clock + 60 * 60_000).toISOString());

    // 59 minutes later nothing moves; past the hour the seat goes to the next in line.
    clock += 59 * 60_000;
    expect(await t.app.workers.seatOffers.runOnce()).toBe(0);
    clock += 2 * 60_000;
    expect(await t.app.workers.seatOffers.runOnce()).toBe(1);
    expect((await row(event.id, first.id)).status).toBe("declined");
    expect(await titles(first.id)).toContain("Your spot was passed on");
    expect((await row(event.id, second.id)).status).toBe("going");
    const [stored] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(stored.goingCount).toBe(1);
    expect((await first.call({ method: "POST", url: `/api/events/${event.id}/seat/confirm` })).statusCode).toBe(404);

    // The second confirms in time: the seat stays theirs when the hour is over.
    const confirmed = await second.call({ method: "POST", url: `/api/events/${event.id}/seat/confirm` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await row(event.id, second.id)).confirmBy).toBeNull();
    clock += 2 * 60 * 60_000;
    expect(await t.app.workers.seatOffers.runOnce()).toBe(0);
    expect((await row(event.id, second.id)).status).toBe("going");
  });

  it("in instant mode (the default) the first waitlisted simply goes", async () => {
    const host = await createUser(t);
    const [going, first] = [await createUser(t), await createUser(t)];
    const event = await createEvent(host, { maxAttendees: 1 });
    await participate(going, event.id, "going");
    await participate(first, event.id, "waitlisted");
    await participate(going, event.id, "declined");
    expect((await row(event.id, first.id)).confirmBy).toBeNull();
    expect(await titles(first.id)).toContain("You're off the waitlist");
  });
});
