import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FeedResponse } from "#contract/events";
import { events } from "#server/modules/events/schema";
import { inDays } from "#server/test/factories";
import { type Instance, instancesAvailable, instancesForSuite, needsPostgresTier } from "#server/test/instances";
import { as, registerUser } from "#server/test/test-app";

if (!instancesAvailable) console.log(`feed instances test skipped: ${needsPostgresTier}`);

type Person = Awaited<ReturnType<typeof registerUser>>;
const origin = { lat: 47.5, lng: 19.05 };
const cityFeed = async (on: Instance, who: Person) => {
  const res = await as(
    on.app,
    who.cookie,
  )({
    method: "GET",
    url: `/api/events/swipe/${who.user.id}?type=social&lat=${origin.lat}&lng=${origin.lng}&radius=25&limit=50`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as FeedResponse).events.map((e) => e.title);
};

describe.skipIf(!instancesAvailable)("the feed on two instances sharing PostgreSQL and the bus", () => {
  const instances = instancesForSuite(2);

  it("never serves from its kept cells an event another instance cancelled, hid, filled, or a block or answer removed", async () => {
    const [one, two] = instances;
    const host = await registerUser(one.app);
    const other = await registerUser(one.app);
    const viewer = await registerUser(one.app);
    const newcomer = await registerUser(one.app);
    const insert = async (title: string, hostId: number, day: number) =>
      (
        await one.database.db
          .insert(events)
          .values({ title, description: "d", date: inDays(day), hostId, type: "social", ...origin })
          .returning()
      )[0];
    const cancel = await insert("Twin cancel", host.user.id, 1);
    const hide = await insert("Twin hide", host.user.id, 2);
    const fill = await insert("Twin fill", host.user.id, 3);
    const answered = await insert("Twin answered", host.user.id, 4);
    await insert("Twin blocked", other.user.id, 5);
    await insert("Twin keep", host.user.id, 6);
    const all = ["Twin cancel", "Twin hide", "Twin fill", "Twin answered", "Twin blocked", "Twin keep"];
    // Instance two keeps the city's cells (and the viewer's window) from this first page.
    expect(await cityFeed(two, viewer)).toEqual(all);

    // Every change happens on instance one; no event is created, so two's kept cells stay current for it.
    expect((await as(one.app, host.cookie)({ method: "DELETE", url: `/api/events/${cancel.id}` })).statusCode).toBe(
      200,
    );
    await one.database.db.update(events).set({ hiddenAt: new Date() }).where(eq(events.id, hide.id));
    await one.database.db.update(events).set({ maxAttendees: 1, goingCount: 1 }).where(eq(events.id, fill.id));
    for (const who of [viewer, newcomer]) {
      const res = await as(
        one.app,
        who.cookie,
      )({
        method: "POST",
        url: "/api/event-participants",
        payload: { eventId: answered.id, userId: who.user.id, status: "declined" },
      });
      expect(res.statusCode, res.body).toBe(201);
      const block = await as(
        one.app,
        other.cookie,
      )({ method: "POST", url: "/api/blocks", payload: { userId: who.user.id } });
      expect(block.statusCode, block.body).toBe(200);
    }

    // The viewer's next page and a newcomer's first page on two: only what is still answerable.
    expect(await cityFeed(two, viewer)).toEqual(["Twin keep"]);
    expect(await cityFeed(two, newcomer)).toEqual(["Twin keep"]);

    // The viewer's first page is now kept on two; an event made on one is on it the next time they ask there.
    const made = await as(
      one.app,
      host.cookie,
    )({
      method: "POST",
      url: "/api/events",
      payload: {
        title: "Twin new",
        description: "d",
        date: inDays(7).toISOString(),
        type: "social",
        location: "Square",
        latitude: String(origin.lat),
        longitude: String(origin.lng),
        hostId: host.user.id,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(await cityFeed(two, viewer)).toEqual(["Twin keep", "Twin new"]);
  });
});
