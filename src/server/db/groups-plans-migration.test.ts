import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "../test/test-app";

/** Migration 0015's first part: group-only availability joins the members' own, then its table goes. */
const MIGRATION = readFileSync(path.join(import.meta.dirname, "migrations/0015_groups_plans.sql"), "utf8");
const AVAILABILITY_PART = MIGRATION.split("--> statement-breakpoint").filter((s) => s.includes("group_availability"));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe("migration 0015_groups_plans (availability)", () => {
  it("moves group slots into each member's own availability, merged with what they published", async () => {
    const [a, b] = [await registerUser(t.app), await registerUser(t.app)].map((r) => r.user.id);
    const [group] = await rows<{ id: number }>(sql`insert into groups (name) values ('Old group') returning id`);
    // The table as it stood before 0015, with answers in the group's four-hour slots.
    await t.database.db.execute(sql`
      create table group_availability (
        group_id integer not null, user_id integer not null, date date not null,
        timeslots jsonb not null, updated_at timestamp with time zone default now() not null,
        primary key (group_id, user_id, date))`);
    await t.database.db.execute(sql`
      insert into group_availability (group_id, user_id, date, timeslots) values
        (${group.id}, ${a}, '2031-03-01', '["afternoon","night"]'),
        (${group.id}, ${b}, '2031-03-01', '["evening"]')`);
    await t.database.db.execute(
      sql`insert into availability (user_id, date, timeslots) values (${a}, '2031-03-01', '["morning","night"]')`,
    );

    expect(AVAILABILITY_PART).toHaveLength(2);
    for (const statement of AVAILABILITY_PART) await t.database.db.execute(sql.raw(statement));

    const after = await rows<{ user_id: number; timeslots: string[] }>(sql`
      select user_id, timeslots from availability where date = '2031-03-01' and user_id in (${a}, ${b}) order by user_id`);
    expect(after.map((r) => [r.user_id, [...r.timeslots].sort()])).toEqual([
      [a, ["early_afternoon", "morning", "night"]],
      [b, ["evening"]],
    ]);
    const table = await rows(sql`select 1 from information_schema.tables where table_name = 'group_availability'`);
    expect(table).toEqual([]);
  });
});
