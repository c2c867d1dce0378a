import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedResponse } from "#contract/events";
import { feedQuerySchema } from "#contract/events";
import { availability } from "#server/modules/availability/schema";
import { events } from "#server/modules/events/schema";
import { friendships } from "#server/modules/friends/schema";
import { eventFixtures, inDays, type Who } from "#server/test/factories";
import { createTestApp, type TestApp } from "#server/test/test-app";
import { feedTestKit } from "./feed-test-kit";
import { discoverRepository } from "./repository";
import { discoverService } from "./service";
import { createWindowCache } from "./window-cache";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { signUp, createEvent } = eventFixtures(() => t);

const { insertEvent, feed } = feedTestKit(() => t);
const titles = (page: FeedResponse) => page.events.map((e) => e.title);

/** Five events a day apart, named `${token} 0` .. `${token} 4`. */
async function fiveEvents(host: Who, token: string) {
  const rows = [];
  for (let i = 0; i < 5; i++) rows.push(await insertEvent(host.id, { title: `${token} ${i}`, date: inDays(1 + i) }));
  return rows;
}

describe("kept ranked windows", () => {
  it("are reused between pages: the window statement runs once for a first page asked twice and its next page", async () => {
    const me = await signUp();
    const host = await signUp();
    const token = `reuse${Date.now()}`;
    await fiveEvents(host, token);
    // Friends and availability in no particular order: the window's version must not depend on a plan's order.
    for (let i = 0; i < 6; i++) {
      const friend = await signUp();
      const [requesterId, addresseeId] = i % 2 ? [friend.id, me.id] : [me.id, friend.id];
      await t.database.db.insert(friendships).values({ requesterId, addresseeId, status: "accepted" });
    }
    for (const day of [3, 1, 2])
      await t.database.db
        .insert(availability)
        .values({ userId: me.id, date: inDays(day).toISOString().slice(0, 10), timeslots: ["evening"] });
    const repo = discoverRepository(t.database.db);
    let windowStatements = 0;
    const counted = {
      ...repo,
      feedWindow: (...args: Parameters<typeof repo.feedWindow>) => {
        windowStatements += 1;
        return repo.feedWindow(...args);
      },
    };
    const service = discoverService({ repo: counted, windows: createWindowCache() });
    const query = feedQuerySchema.parse({ q: token, limit: 2 });
    const first = await service.feed(me.id, query);
    const again = await service.feed(me.id, query);
    expect(again.events.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
    const next = await service.feed(me.id, { ...query, cursor: first.nextCursor ?? undefined });
    expect(next.events.map((e) => e.title)).toEqual([`${token} 2`, `${token} 3`]);
    expect(windowStatements).toBe(1);
  });

  it("never serve an event cancelled, hidden, filled or hosted by someone blocked since the window was ranked", async () => {
    const me = await signUp();
    const host = await signUp();
    const blocked = await signUp();
    const token = `gone${Date.now()}`;
    const [cancel, hide, fill, keep] = await fiveEvents(host, token);
    const fromBlocked = await insertEvent(blocked.id, { title: `${token} blocked`, date: inDays(7) });
    expect(titles(await feed(me, `?q=${token}`))).toHaveLength(6);
    // Someone else's changes: nothing about the user or the newest event changes, so the window stays cached.
    expect((await host.call({ method: "DELETE", url: `/api/events/${cancel.id}` })).statusCode).toBe(200);
    await t.database.db.update(events).set({ hiddenAt: new Date() }).where(eq(events.id, hide.id));
    await t.database.db.update(events).set({ maxAttendees: 1, goingCount: 1 }).where(eq(events.id, fill.id));
    const page = await feed(me, `?q=${token}`);
    expect(titles(page)).toEqual([keep.title, `${token} 4`, fromBlocked.title]);
    const block = await blocked.call({ method: "POST", url: "/api/blocks", payload: { userId: me.id } });
    expect(block.statusCode, block.body).toBe(200);
    expect(titles(await feed(me, `?q=${token}`))).toEqual([keep.title, `${token} 4`]);
  });

  it("never serve an event the user answered, and count without it; an undo brings it back", async () => {
    const me = await signUp();
    const host = await signUp();
    const token = `answer${Date.now()}`;
    const [passed, joined] = await fiveEvents(host, token);
    const first = await feed(me, `?q=${token}&limit=2`);
    expect(first.counts.all).toBe(5);
    const pass = await me.call({
      method: "POST",
      url: `/api/events/${passed.id}/interaction`,
      payload: { action: "passed" },
    });
    expect(pass.statusCode, pass.body).toBe(200);
    const join = await me.call({
      method: "POST",
      url: "/api/event-participants",
      payload: { eventId: joined.id, userId: me.id, status: "going" },
    });
    expect(join.statusCode, join.body).toBeLessThan(300);
    const after = await feed(me, `?q=${token}&limit=2`);
    expect(titles(after)).toEqual([`${token} 2`, `${token} 3`]);
    expect(after.counts.all).toBe(3);
    // The next page of the first one (its cursor is older than the answers) has no gap and no repeat.
    const rest = await feed(me, `?q=${token}&limit=10&cursor=${first.nextCursor}`);
    expect(titles(rest)).toEqual([`${token} 2`, `${token} 3`, `${token} 4`]);
    expect((await me.call({ method: "DELETE", url: `/api/event-interactions/${passed.id}` })).statusCode).toBeLessThan(
      300,
    );
    expect(titles(await feed(me, `?q=${token}&limit=2`))).toEqual([passed.title, `${token} 2`]);
  });

  it("follow the user's interests and new events at once", async () => {
    const me = await signUp();
    const host = await signUp();
    const token = `follow${Date.now()}`;
    await insertEvent(host.id, { title: `${token} soon`, date: inDays(1) });
    await insertEvent(host.id, { title: `${token} hike`, date: inDays(3), tags: ["hiking"] });
    expect(titles(await feed(me, `?q=${token}`))).toEqual([`${token} soon`, `${token} hike`]);
    const patch = await me.call({ method: "PATCH", url: `/api/users/${me.id}`, payload: { interests: ["Hiking"] } });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(titles(await feed(me, `?q=${token}`))).toEqual([`${token} hike`, `${token} soon`]);
    const created = await createEvent(host, { title: `${token} new`, date: inDays(2).toISOString() });
    expect(titles(await feed(me, `?q=${token}`))).toEqual([`${token} hike`, `${token} soon`, created.title]);
  });
});

describe("window cache", () => {
  it("drops a window whose version changed, a window past its time, and the least recently used beyond its rows", () => {
    const win = (n: number) => ({
      rows: Array.from({ length: n }, (_, i) => ({
        id: i,
        date_us: i,
        distance_km: null,
        tag_overlap: 0,
        matched_tag: null,
        friends_going: 0,
        fits: false,
        followed: false,
        score: 0,
      })),
      counts: {},
      size: n,
      end: null,
      more: false,
    });
    const cache = createWindowCache(60_000, 25);
    cache.set("a", win(9), "v1");
    expect(cache.get("a", "v2")).toBeUndefined();
    expect(cache.get("a", "v1")).toBeUndefined();
    cache.set("a", win(9), "v1");
    cache.set("b", win(9), "v1");
    expect(cache.get("a", "v1")?.rows).toHaveLength(9);
    cache.set("c", win(9), "v1");
    // 30 rows > 25: the least recently used (b) goes, a was read after b was stored.
    expect(cache.get("b", "v1")).toBeUndefined();
    expect(cache.get("a", "v1")).toBeDefined();
    expect(cache.get("c", "v1")).toBeDefined();
    const expired = createWindowCache(-1);
    expired.set("a", win(1), "v1");
    expect(expired.get("a", "v1")).toBeUndefined();
  });
});
