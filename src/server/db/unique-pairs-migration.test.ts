import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerUser, type TestApp } from "../test/test-app";

/** Migration 0001 on a database that already holds the doubled rows past races left behind. */
const MIGRATION = readFileSync(path.join(import.meta.dirname, "migrations/0001_unique_pairs.sql"), "utf8");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe("migration 0001_unique_pairs", () => {
  it("folds doubled friendships and direct conversations, then enforces one per pair", async () => {
    const [a, b, c] = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)].map(
      (r) => r.user.id,
    );
    // Back to the schema before 0001, then the duplicates the audit produced.
    for (const undo of [
      "drop index friendships_pair_idx",
      "drop index groups_direct_pair_idx",
      "alter table groups drop column direct_pair",
    ]) {
      await t.database.db.execute(sql.raw(undo));
    }
    await t.database.db.execute(sql`
      insert into friendships (requester_id, addressee_id, status, created_at) values
        (${a}, ${b}, 'pending', now() - interval '2 minutes'),
        (${b}, ${a}, 'accepted', now() - interval '1 minute'),
        (${a}, ${c}, 'pending', now() - interval '1 minute'),
        (${c}, ${a}, 'pending', now())`);
    const direct = await rows<{ id: number }>(sql`
      insert into groups (name, is_private, is_direct) values ('A & B', true, true), ('B & A', true, true), ('A & B again', true, true)
      returning id`);
    for (const g of direct) {
      await t.database.db.execute(
        sql`insert into group_members (group_id, user_id, role) values (${g.id}, ${a}, 'admin'), (${g.id}, ${b}, 'admin')`,
      );
    }

    for (const statement of MIGRATION.split("--> statement-breakpoint"))
      await t.database.db.execute(sql.raw(statement));

    const friendships = await rows<{ requester_id: number; addressee_id: number; status: string }>(sql`
      select requester_id, addressee_id, status from friendships where ${a} in (requester_id, addressee_id)
      order by least(requester_id, addressee_id), greatest(requester_id, addressee_id)`);
    // The accepted row wins its pair; of two pending rows the older one stays.
    expect(friendships).toEqual([
      { requester_id: b, addressee_id: a, status: "accepted" },
      { requester_id: a, addressee_id: c, status: "pending" },
    ]);
    const keyed = await rows<{ id: number; direct_pair: string | null }>(sql`
      select id, direct_pair from groups where id in (${direct[0].id}, ${direct[1].id}, ${direct[2].id}) order by id`);
    expect(keyed.map((g) => g.direct_pair)).toEqual([`${Math.min(a, b)}:${Math.max(a, b)}`, null, null]);

    await expect(
      t.database.db.execute(
        sql`insert into friendships (requester_id, addressee_id, status) values (${c}, ${a}, 'pending')`,
      ),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`update groups set direct_pair = ${keyed[0].direct_pair} where id = ${direct[1].id}`),
    ).rejects.toThrow();
  });
});
