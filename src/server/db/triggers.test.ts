import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesByModule } from "../../../scripts/architecture-doc.mjs";
import { createTestApp, type TestApp } from "../test/test-app";

/** Each table's module, read from the modules' schema files (as check-imports reads it). */
const ownerOf = new Map<string, string>();
for (const [module, tables] of tablesByModule()) for (const { table } of tables) ownerOf.set(table, module);

interface Trigger {
  name: string;
  table: string;
  source: string;
}

/** Every trigger a migration made, with its table and its function's body. */
async function triggers(t: TestApp): Promise<Trigger[]> {
  const result = (await t.database.db.execute(sql`
    select t.tgname as name, c.relname as "table", p.prosrc as source
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and n.nspname = current_schema()
    order by t.tgname`)) as unknown as { rows: Trigger[] };
  return result.rows;
}

/** Where a trigger writes a table its own table's module does not own: a writer no service shows. */
function crossModuleWrites({ name, table, source }: Trigger) {
  const written = [...source.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi)].map((m) => m[1]);
  return written
    .filter((other) => ownerOf.get(other) !== ownerOf.get(table))
    .map((other) => `${name} on ${table} (${ownerOf.get(table)}) writes ${other} (${ownerOf.get(other)})`);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("the migrated database's triggers", () => {
  it("write no other module's table: only the events row's own columns are set by one", async () => {
    const found = await triggers(t);
    expect(found.flatMap(crossModuleWrites)).toEqual([]);
    // The two left set columns of the row being updated (BEFORE UPDATE, `NEW.x :=`), and nothing else.
    expect(found.map(({ name, table }) => ({ name, table }))).toEqual([
      { name: "events_bump_sequence", table: "events" },
      { name: "events_note_change", table: "events" },
    ]);
  });

  it("would name a trigger that writes another module's table, as the block's old one did", async () => {
    // The function and trigger migration 0017 made and 0028 dropped: a block deleting follows.
    const statements = readFileSync(path.join(import.meta.dirname, "migrations/0017_coming_back.sql"), "utf8")
      .split("--> statement-breakpoint")
      .filter((statement) => statement.includes('"user_blocks_end_follows"'));
    expect(statements).toHaveLength(2);
    for (const statement of statements) await t.database.db.execute(sql.raw(statement));

    expect((await triggers(t)).flatMap(crossModuleWrites)).toEqual([
      "user_blocks_end_follows on user_blocks (safety) writes follows (follows)",
    ]);
  });
});
