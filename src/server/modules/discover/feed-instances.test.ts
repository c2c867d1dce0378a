import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FeedResponse } from "#contract/events";
import { events } from "#server/modules/events/schema";
import { inDays } from "#server/test/factories";
import { type Instance, instancesAvailable, instancesForSuite, needsPostgresTier } from "#server/test/instances";
import { as, registerUser } from "#server/test/test-app";
import { pageTagCounts } from "./page-tags";

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

  it("redraws a person's kept first page when they change interests, availability, friends or follows elsewhere", async () => {
    const [one, two] = instances;
    const lat = origin.lat + 0.5;
    const spot = { lat, lng: origin.lng };
    const host = await registerUser(one.app);
    const friend = await registerUser(one.app);
    const viewer = await registerUser(one.app, { timezone: "UTC" });
    const day = inDays(3, 19);
    const [hike] = await one.database.db
      .insert(events)
      .values({
        title: "Kept hike",
        description: "d",
        date: day,
        hostId: host.user.id,
        type: "social",
        tags: ["hiking"],
        ...spot,
      })
      .returning();
    const asOn = (on: Instance, who: Person) => as(on.app, who.cookie);
    const page = async () => {
      const res = await asOn(
        two,
        viewer,
      )({
        method: "GET",
        // About 10 km from the event: no distance among the reasons.
        url: `/api/events/swipe/${viewer.user.id}?type=social&lat=${lat + 0.09}&lng=${origin.lng}&radius=25`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const card = (res.json() as FeedResponse).events.find((e) => e.id === hike.id);
      expect(card).toBeDefined();
      return card?.reasons ?? [];
    };
    /** The page as kept on two: asked twice with nothing changed, the second is served as written. */
    const kept = async () => {
      const first = await page();
      const served = pageTagCounts.keptServed;
      expect(await page()).toEqual(first);
      expect(pageTagCounts.keptServed).toBe(served + 1);
      return first;
    };
    const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);

    expect(await kept()).toEqual([]);
    ok(
      await asOn(
        one,
        viewer,
      )({ method: "PATCH", url: `/api/users/${viewer.user.id}`, payload: { interests: ["Hiking"] } }),
    );
    expect(await kept()).toEqual(["Matches your interest: hiking"]);

    ok(await asOn(one, viewer)({ method: "POST", url: `/api/users/${host.user.id}/follow` }));
    expect((await kept())[0]).toBe("From someone you follow");

    ok(await asOn(one, viewer)({ method: "DELETE", url: `/api/users/${host.user.id}/follow` }));
    ok(await asOn(one, viewer)({ method: "PATCH", url: `/api/users/${viewer.user.id}`, payload: { interests: [] } }));
    expect(await kept()).toEqual([]);
    ok(
      await asOn(
        one,
        viewer,
      )({
        method: "POST",
        url: "/api/availability",
        payload: { userId: viewer.user.id, date: day.toISOString().slice(0, 10), timeslots: ["evening"] },
      }),
    );
    expect(await kept()).toEqual(["Fits your availability"]);

    ok(
      await asOn(
        one,
        friend,
      )({
        method: "POST",
        url: "/api/event-participants",
        payload: { eventId: hike.id, userId: friend.user.id, status: "going" },
      }),
    );
    await kept();
    ok(await asOn(one, viewer)({ method: "POST", url: "/api/friends/requests", payload: { userId: friend.user.id } }));
    ok(await asOn(one, friend)({ method: "POST", url: `/api/friends/requests/${viewer.user.id}/accept` }));
    expect(await kept()).toContain("1 friend going");
  });

  it("takes the guests off a kept first page when the host makes the guest list private on the other", async () => {
    const [one, two] = instances;
    const lat = origin.lat - 0.5;
    const host = await registerUser(one.app);
    const guest = await registerUser(one.app);
    const viewer = await registerUser(one.app);
    const [party] = await one.database.db
      .insert(events)
      .values({
        title: "Kept party",
        description: "d",
        date: inDays(2),
        hostId: host.user.id,
        type: "social",
        lat,
        lng: origin.lng,
      })
      .returning();
    const join = await as(
      one.app,
      guest.cookie,
    )({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: party.id, userId: guest.user.id, status: "going" },
    });
    expect(join.statusCode, join.body).toBe(201);
    const attendees = async () => {
      const res = await as(
        two.app,
        viewer.cookie,
      )({
        method: "GET",
        url: `/api/events/swipe/${viewer.user.id}?type=social&lat=${lat}&lng=${origin.lng}&radius=25`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as FeedResponse).events.find((e) => e.id === party.id)?.attendees.map((a) => a.id);
    };
    expect(await attendees()).toEqual([guest.user.id]);
    const served = pageTagCounts.keptServed;
    expect(await attendees()).toEqual([guest.user.id]);
    expect(pageTagCounts.keptServed).toBe(served + 1);
    const closed = await as(
      one.app,
      host.cookie,
    )({ method: "PATCH", url: `/api/events/${party.id}`, payload: { guestList: "hosts" } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await attendees()).toEqual([]);
  });
});
