import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications } from "#server/modules/notifications/schema";
import { createGroup, eventSuite, type Who } from "#server/test/factories";
import { follows } from "./schema";

const { app, signUp, createEvent } = eventSuite();

const follow = (who: Who, id: number) => who.call({ method: "POST", url: `/api/users/${id}/follow` });
const unfollow = (who: Who, id: number) => who.call({ method: "DELETE", url: `/api/users/${id}/follow` });
const profile = async (who: Who, id: number) => (await who.call({ method: "GET", url: `/api/users/${id}` })).json();
const notices = (userId: number) =>
  app()
    .database.db.select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "event_notification")));

describe("following people", () => {
  it("follow and unfollow answer the state; the profile shows following and the follower count", async () => {
    const host = await signUp({ fullName: "Hal Host" });
    const fan = await signUp();
    const other = await signUp();
    expect(await profile(fan, host.id)).toMatchObject({ following: false, followers: 0 });

    const res = await follow(fan, host.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ following: true, followers: 1 });
    // Following twice changes nothing.
    expect((await follow(fan, host.id)).json()).toEqual({ following: true, followers: 1 });
    await follow(other, host.id);
    expect(await profile(fan, host.id)).toMatchObject({ following: true, followers: 2 });
    expect(await profile(host, host.id)).toMatchObject({ following: false, followers: 2 });

    expect((await unfollow(fan, host.id)).json()).toEqual({ following: false, followers: 1 });
    expect(await profile(fan, host.id)).toMatchObject({ following: false, followers: 1 });
  });

  it("refuses following oneself (400), an unknown person (404) and a visitor (401), storing nothing", async () => {
    const me = await signUp();
    expect((await follow(me, me.id)).statusCode).toBe(400);
    expect((await follow(me, 999_999)).statusCode).toBe(404);
    expect((await unfollow(me, 999_999)).statusCode).toBe(404);
    expect((await follow(me, 0)).statusCode).toBe(400);
    const visitor = await app().app.inject({ method: "POST", url: `/api/users/${me.id}/follow` });
    expect(visitor.statusCode).toBe(401);
    expect(await app().database.db.select().from(follows).where(eq(follows.followerId, me.id))).toEqual([]);
  });

  it("followers hear '<name> is hosting <title>' when the host publishes; a group plan stays private", async () => {
    const host = await signUp({ fullName: "Hal Host" });
    const fan = await signUp();
    const stranger = await signUp();
    await follow(fan, host.id);
    const event = await createEvent(host, { title: "Harbour Swim" });
    const [notice] = await notices(fan.id);
    expect(notice).toMatchObject({
      title: "New event",
      message: "Hal Host is hosting Harbour Swim",
      actionUrl: `/events/${event.id}`,
    });
    expect(await notices(stranger.id)).toEqual([]);

    const group = await createGroup(host);
    await host.call({
      method: "POST",
      url: "/api/events",
      payload: { title: "Secret plan", date: new Date(Date.now() + 86_400_000).toISOString(), groupId: group.id },
    });
    expect((await notices(fan.id)).map((n) => n.message)).toEqual(["Hal Host is hosting Harbour Swim"]);
  });

  it("the deck ranks a followed host's event first with the reason 'From someone you follow'", async () => {
    const host = await signUp();
    const someone = await signUp();
    const fan = await signUp();
    // Someone else's event is sooner: without following it would come first.
    await createEvent(someone, { title: "Earlier Other", date: new Date(Date.now() + 86_400_000).toISOString() });
    await createEvent(host, { title: "Followed Later" });
    await follow(fan, host.id);
    const deck = (await fan.call({ method: "GET", url: `/api/events/swipe/${fan.id}?type=social` })).json() as {
      events: { title: string; reasons: string[] }[];
    };
    const mine = deck.events.filter((e) => ["Earlier Other", "Followed Later"].includes(e.title));
    expect(mine.map((e) => e.title)).toEqual(["Followed Later", "Earlier Other"]);
    expect(mine[0].reasons).toContain("From someone you follow");
    expect(mine[1].reasons).not.toContain("From someone you follow");
  });

  it("a block ends following both ways and refuses following again (404, as for an unknown id) until lifted", async () => {
    const a = await signUp();
    const b = await signUp();
    await follow(a, b.id);
    await follow(b, a.id);
    expect((await a.call({ method: "POST", url: "/api/blocks", payload: { userId: b.id } })).statusCode).toBe(200);
    expect((await follow(b, a.id)).statusCode).toBe(404);
    expect((await follow(a, b.id)).statusCode).toBe(404);
    await a.call({ method: "DELETE", url: `/api/blocks/${b.id}` });
    // Lifting the block brings nothing back: the following it ended stays ended, both ways.
    expect(await profile(a, b.id)).toMatchObject({ following: false, followers: 0 });
    expect(await profile(b, a.id)).toMatchObject({ following: false, followers: 0 });
    expect((await follow(b, a.id)).statusCode).toBe(200);
  });
});
