import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES, matchesCategory } from "../../contract/categories";
import { type Database, openDatabase } from "./client";
import { chatMessages, events, groups, users } from "./schema";
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
});

describe("demo seed times", () => {
  it("puts events between 9am and 8pm in the demo city's own time zone", async () => {
    const database = await openDatabase("memory://");
    await seedIfEmpty(database.db);
    const rows = await database.db.select().from(events);
    const hours = rows.map((e) => Number(new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone: DEMO_CITY.timeZone }).format(e.date)));
    expect(Math.min(...hours)).toBe(9);
    expect(Math.max(...hours)).toBe(20);
    await database.close();
  });
});
