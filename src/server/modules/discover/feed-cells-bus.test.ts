import { describe, expect, it } from "vitest";
import { EVENTS_WRITTEN_CHANNEL } from "#contract/bus";
import type { FeedResponse } from "#contract/events";
import { events } from "#server/modules/events/schema";
import { inDays } from "#server/test/factories";
import { type Instance, instancesAvailable, instancesForSuite, needsPostgresTier } from "#server/test/instances";
import { as, registerUser } from "#server/test/test-app";

if (!instancesAvailable) console.log(`feed cells bus test skipped: ${needsPostgresTier}`);

type Person = Awaited<ReturnType<typeof registerUser>>;
const spot = { lat: -12.05, lng: -77.04 };

/** A first page 25 km around the spot: the window is ranked from the instance's kept cells. */
const cityFeed = async (on: Instance, who: Person) => {
  const res = await as(
    on.app,
    who.cookie,
  )({
    method: "GET",
    url: `/api/events/swipe/${who.user.id}?type=social&lat=${spot.lat}&lng=${spot.lng}&radius=25&limit=50`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedResponse;
};

/** Resolves when `on` hears the next event write on the bus (Redis delivers it a moment after the write). */
async function nextWrite(on: Instance) {
  let off: (() => Promise<void>) | undefined;
  const heard = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the other instance never heard the event write")), 5_000);
    on.bus
      .subscribe(EVENTS_WRITTEN_CHANNEL, () => {
        clearTimeout(timer);
        resolve();
      })
      .then((unsubscribe) => {
        off = unsubscribe;
      }, reject);
  });
  return async () => {
    await heard;
    await off?.();
  };
}

describe.skipIf(!instancesAvailable)("the feed's kept cells on two instances sharing PostgreSQL and the bus", () => {
  const instances = instancesForSuite(2);

  it("an event edited or created on one instance is evicted from, or seen in, the other's kept cells at once", async () => {
    const [one, two] = instances;
    const host = await registerUser(one.app);
    const [first, second, third] = [
      await registerUser(one.app),
      await registerUser(one.app),
      await registerUser(one.app),
    ];
    // Written outside the app: instance two reads the spot's cells for the first page below and keeps them.
    const [moving] = await one.database.db
      .insert(events)
      .values({
        title: "Bus moving",
        description: "d",
        date: inDays(1),
        hostId: host.user.id,
        type: "social",
        ...spot,
        tags: ["music"],
      })
      .returning();
    await one.database.db.insert(events).values({
      title: "Bus staying",
      description: "d",
      date: inDays(2),
      hostId: host.user.id,
      type: "social",
      ...spot,
    });
    const before = await cityFeed(two, first);
    expect(before.events.map((e) => e.title)).toEqual(["Bus moving", "Bus staying"]);
    expect(before.counts.music).toBe(1);

    // The host moves the event 110 km away on instance one. Two's kept cells still hold it where it was;
    // the card check cannot see a move (the event is still upcoming and open), so only the bus removes it.
    const moveHeard = await nextWrite(two);
    const move = await as(
      one.app,
      host.cookie,
    )({
      method: "PATCH",
      url: `/api/events/${moving.id}`,
      payload: { latitude: String(spot.lat + 1), longitude: String(spot.lng) },
    });
    expect(move.statusCode, move.body).toBe(200);
    await moveHeard();
    const moved = await cityFeed(two, second);
    expect(moved.events.map((e) => e.title)).toEqual(["Bus staying"]);
    expect(moved.counts.music).toBe(0);

    // A new event created through the API on one is in two's next first page.
    const createHeard = await nextWrite(two);
    const created = await as(
      one.app,
      host.cookie,
    )({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Bus created",
        description: "Made on instance one",
        date: inDays(3).toISOString(),
        type: "social",
        location: "Plaza",
        latitude: String(spot.lat),
        longitude: String(spot.lng),
        hostId: host.user.id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    await createHeard();
    expect((await cityFeed(two, third)).events.map((e) => e.title)).toEqual(["Bus staying", "Bus created"]);
  });
});
