import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "#server/modules/events/schema";
import { friendships } from "#server/modules/friends/schema";
import { eventParticipants } from "#server/modules/participants/schema";
import { eventFixtures, inDays } from "#server/test/factories";
import { createTestApp, type TestApp } from "#server/test/test-app";
import { feedTestKit } from "./feed-test-kit";

/**
 * "Friends going" is a view of a guest list: the feed counts, says and ranks by only the friends the viewer
 * may see there, whichever way the window is ranked (in SQL for a search, in memory from kept cells).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const { signUp } = eventFixtures(() => t);
const { insertEvent, feed } = feedTestKit(() => t);

describe("friends going, in Discover", () => {
  it("counts no friend on a guest list the viewer may not see: no count, no reason, no boost", async () => {
    const me = await signUp();
    const friend = await signUp();
    const host = await signUp();
    await t.database.db.insert(friendships).values({ requesterId: friend.id, addresseeId: me.id, status: "accepted" });
    const token = `fg${Date.now()}`;
    const place = { lat: 61.3, lng: 17.1, date: inDays(4) };
    const open = await insertEvent(host.id, { title: `${token} open`, ...place });
    const plain = await insertEvent(host.id, { title: `${token} plain`, ...place });
    const hostsOnly = await insertEvent(host.id, { title: `${token} hosts`, guestList: "hosts", ...place });
    const attendeesOnly = await insertEvent(host.id, { title: `${token} attendees`, guestList: "attendees", ...place });
    for (const event of [open, hostsOnly, attendeesOnly]) {
      await t.database.db.insert(eventParticipants).values({ eventId: event.id, userId: friend.id, status: "going" });
      await t.database.db.update(events).set({ goingCount: 1 }).where(eq(events.id, event.id));
    }

    for (const query of [`?q=${token}`, `?lat=${place.lat}&lng=${place.lng}&radius=5`]) {
      const res = await feed(me, query);
      // Same time and place: only a friend the viewer may see going lifts an event above the others.
      expect(
        res.events.map((e) => e.id),
        query,
      ).toEqual([open.id, plain.id, hostsOnly.id, attendeesOnly.id]);
      // A window ranked around a position also says how far each event is.
      const friendReasons = (card: (typeof res.events)[number]) => card.reasons.filter((r) => r.includes("friend"));
      expect(res.events[0], query).toMatchObject({ friendsGoing: 1, attendeeCount: 1 });
      expect(friendReasons(res.events[0]), query).toEqual(["1 friend going"]);
      for (const card of res.events.slice(2)) {
        expect(card, query).toMatchObject({ friendsGoing: 0, attendees: [], attendeeCount: 1 });
        expect(friendReasons(card), query).toEqual([]);
      }
    }
  });
});
