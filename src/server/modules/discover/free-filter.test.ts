import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availability } from "#server/modules/availability/schema";
import { users } from "#server/modules/users/schema";
import { eventFixtures, inDays } from "#server/test/factories";
import { createTestApp, type TestApp } from "#server/test/test-app";
import { freeWindow } from "../events";
import { feedTestKit } from "./feed-test-kit";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { signUp } = eventFixtures(() => t);
const { insertEvent, feed } = feedTestKit(() => t);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

describe("freeWindow", () => {
  const iso = (d: Date) => d.toISOString();
  it("is the rest of today, the coming weekend, or seven days, in the person's zone", () => {
    const wednesdayNoon = new Date("2030-01-02T12:00:00Z");
    expect(freeWindow("today", "UTC", wednesdayNoon).map(iso)).toEqual([
      "2030-01-02T12:00:00.000Z",
      "2030-01-03T00:00:00.000Z",
    ]);
    expect(freeWindow("weekend", "UTC", wednesdayNoon).map(iso)).toEqual([
      "2030-01-05T00:00:00.000Z",
      "2030-01-07T00:00:00.000Z",
    ]);
    // New York is five hours behind in January: its Saturday starts at 05:00 UTC.
    expect(freeWindow("weekend", "America/New_York", wednesdayNoon).map(iso)).toEqual([
      "2030-01-05T05:00:00.000Z",
      "2030-01-07T05:00:00.000Z",
    ]);
    const saturday = new Date("2030-01-05T15:00:00Z");
    expect(freeWindow("weekend", "UTC", saturday).map(iso)).toEqual([
      "2030-01-05T15:00:00.000Z",
      "2030-01-07T00:00:00.000Z",
    ]);
    expect(freeWindow("week", "UTC", wednesdayNoon).map(iso)).toEqual([
      "2030-01-02T12:00:00.000Z",
      "2030-01-09T12:00:00.000Z",
    ]);
  });
});

describe("GET /api/events/swipe/:userId?free=", () => {
  it("keeps only events starting in times the person published as free, inside the chosen window", async () => {
    const me = await signUp();
    const host = await signUp();
    await t.database.db.update(users).set({ timezone: "UTC" }).where(eq(users.id, me.id));
    const token = `free${Date.now()}`;
    // Free tomorrow evening (18-21) and the morning (9-12) in three days; nothing else.
    await t.database.db.insert(availability).values([
      { userId: me.id, date: dayOf(inDays(1)), timeslots: ["evening"] },
      { userId: me.id, date: dayOf(inDays(3)), timeslots: ["morning"] },
    ]);
    const evening = await insertEvent(host.id, { title: `${token} evening`, date: inDays(1, 19) });
    await insertEvent(host.id, { title: `${token} lunch`, date: inDays(1, 13) });
    const morning = await insertEvent(host.id, { title: `${token} morning`, date: inDays(3, 10) });
    await insertEvent(host.id, { title: `${token} later`, date: inDays(10, 19) });

    const week = await feed(me, `?q=${token}&free=week`);
    expect(week.events.map((e) => e.id).sort()).toEqual([evening.id, morning.id].sort());
    expect(week.counts.all).toBe(2);
    // Nothing was published for today.
    expect((await feed(me, `?q=${token}&free=today`)).events).toEqual([]);
    // Without the filter, all four.
    expect((await feed(me, `?q=${token}`)).events).toHaveLength(4);
    const bad = await me.call({ method: "GET", url: `/api/events/swipe/${me.id}?free=someday` });
    expect(bad.statusCode).toBe(400);
  });

  it("is empty for someone who published nothing", async () => {
    const me = await signUp();
    const host = await signUp();
    const token = `none${Date.now()}`;
    await insertEvent(host.id, { title: `${token} any`, date: inDays(1, 19) });
    expect((await feed(me, `?q=${token}&free=week`)).events).toEqual([]);
  });
});
