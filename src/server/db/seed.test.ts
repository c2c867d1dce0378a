import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES, matchesCategory } from "#contract/categories";
import { IMAGE_WIDTHS } from "#contract/limits";
import { UPLOAD_URL_PATTERN } from "#contract/users";
import { type Database, openDatabase } from "./client";
import { chatMessages, events, groups, uploads, uploadVariants, userRoles, users } from "./schema";
import { DEMO_CITY, seedIfEmpty } from "./seed";

describe("demo seed", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase("memory://");
  });
  afterAll(() => database.close());

  it("fills an empty database once", async () => {
    expect(await seedIfEmpty(database.db)).toBe(true);
    expect(await seedIfEmpty(database.db)).toBe(false);
  });

  it("has the people, events and group the foundation promises", async () => {
    const [{ n: userCount }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(userCount).toBeGreaterThanOrEqual(12);
    const rows = (await database.db.select().from(events)).filter((e) => e.groupId === null);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((e) => e.type))).toEqual(new Set(["social", "networking"]));
    const now = Date.now();
    for (const e of rows) {
      expect(e.date.getTime()).toBeGreaterThan(now);
      expect(e.date.getTime()).toBeLessThan(now + 31 * 24 * 3600_000);
      const dLat = ((e.lat! - DEMO_CITY.lat) * Math.PI) / 180;
      const dLng = ((e.lng! - DEMO_CITY.lng) * Math.PI) / 180;
      const a = Math.sin(dLat / 2) ** 2 + Math.cos((DEMO_CITY.lat * Math.PI) / 180) ** 2 * Math.sin(dLng / 2) ** 2;
      expect(2 * 6371 * Math.asin(Math.sqrt(a))).toBeLessThan(25);
    }
    for (const category of CATEGORIES) {
      const social = rows.filter((e) => e.type === "social" && matchesCategory(e, category.id));
      expect(social.length, category.id).toBeGreaterThan(0);
    }
    const [group] = await database.db.select().from(groups);
    const messages = await database.db.select().from(chatMessages);
    expect(group.name).toBe("Weekend Explorers");
    expect(messages.length).toBeGreaterThan(0);
  });

  it("makes alex, and only alex, the demo city's moderator (a stored role)", async () => {
    const holders = await database.db
      .select({ username: users.username, role: userRoles.role })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId));
    expect(holders).toEqual([{ username: "alex", role: "moderator" }]);
  });
});

describe("demo seed: times that match titles, human texts, pictures", () => {
  let database: Database;
  let rows: Array<typeof events.$inferSelect>;
  beforeAll(async () => {
    database = await openDatabase("memory://");
    await seedIfEmpty(database.db);
    rows = await database.db.select().from(events);
  });
  afterAll(() => database.close());

  const localTime = (d: Date) => {
    const [h, m] = new Intl.DateTimeFormat("en-US", {
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
      timeZone: DEMO_CITY.timeZone,
    })
      .format(d)
      .split(":")
      .map(Number);
    return h + m / 60;
  };

  it("holds each title to its time of day in the demo city's zone", async () => {
    const rules: Array<[RegExp, (hour: number) => boolean, string]> = [
      [/sunset|happy hour/i, (h) => h >= 17, "after 5 PM"],
      [/sunrise/i, (h) => h < 8, "before 8 AM"],
      [/breakfast|coffee|morning/i, (h) => h < 11, "in the morning"],
      [/lunch/i, (h) => h >= 11 && h < 14.5, "around midday"],
      [/night|evening|dinner|mixer|happy hour|concert|jazz|drinks/i, (h) => h >= 17, "in the evening"],
    ];
    for (const e of rows) {
      const hour = localTime(e.date);
      expect(hour, e.title).toBeGreaterThanOrEqual(6);
      expect(hour, e.title).toBeLessThanOrEqual(21);
      for (const [pattern, fits, when] of rules) {
        if (pattern.test(e.title)) expect(fits(hour), `${e.title} at ${hour} should be ${when}`).toBe(true);
      }
    }
  });

  it("writes every description by hand: no two alike, none from the old template", () => {
    const discover = rows.filter((e) => e.groupId === null);
    expect(new Set(discover.map((e) => e.description)).size).toBe(discover.length);
    for (const e of discover) {
      expect(e.description).not.toMatch(/^Join us for /);
      expect(e.description.length).toBeGreaterThan(60);
    }
  });

  it("gives most events a cover and every demo person an avatar, stored as WebP variants the host owns", async () => {
    const discover = rows.filter((e) => e.groupId === null);
    const withCover = discover.filter((e) => e.imageUrl);
    expect(withCover.length / discover.length).toBeGreaterThan(0.75);
    expect(withCover.length).toBeLessThan(discover.length);
    const stored = await database.db.select().from(uploads);
    const owner = new Map(stored.map((u) => [u.id, u.userId]));
    for (const e of withCover) {
      const id = e.imageUrl?.match(UPLOAD_URL_PATTERN) && (e.imageUrl.split("/").pop() as string);
      expect(id, e.title).toBeTruthy();
      expect(owner.get(id as string), e.title).toBe(e.hostId);
    }
    const people = await database.db.select().from(users);
    for (const person of people) {
      const id = person.profileImage?.split("/").pop() as string;
      expect(person.profileImage).toMatch(UPLOAD_URL_PATTERN);
      expect(owner.get(id)).toBe(person.id);
    }
    const variants = await database.db.select().from(uploadVariants);
    expect(variants.length).toBe(stored.length * IMAGE_WIDTHS.length);
    const [one] = variants;
    expect(Buffer.from(one.data).subarray(8, 12).toString("latin1")).toBe("WEBP");
  });
});
