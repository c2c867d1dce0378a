import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { preparedStatement } from "./prepared";

const server = process.env.DB_TIER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;

describe("a prepared raw statement", () => {
  it("runs with its placeholders on the embedded database", async () => {
    const database = await openDatabase("memory://", { migrate: false });
    const doubled = preparedStatement<{ n: number }>(
      database.db,
      "test_doubled",
      sql`select (${sql.placeholder("n")}::int * 2) as n`,
    );
    expect(await doubled.execute({ n: 21 })).toEqual([{ n: 42 }]);
    expect(await doubled.execute({ n: 2 })).toEqual([{ n: 4 }]);
    await database.close();
  });

  it.skipIf(!server)("is parsed once per PostgreSQL connection under its name, then only bound", async () => {
    // One connection, so the session that ran it is the one asked.
    const database = await openDatabase(server as string, { migrate: false, poolMax: 1 });
    const doubled = preparedStatement<{ n: number }>(
      database.db,
      "test_doubled",
      sql`select (${sql.placeholder("n")}::int * 2) as n`,
    );
    for (let n = 0; n < 3; n++) expect(await doubled.execute({ n })).toEqual([{ n: n * 2 }]);
    const prepared = (await database.db.execute(
      sql`select name, statement from pg_prepared_statements where name = 'test_doubled'`,
    )) as unknown as { rows: Array<{ name: string }> };
    expect(prepared.rows).toHaveLength(1);
    await database.close();
  });
});
