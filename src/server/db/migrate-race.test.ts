import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freshDatabaseUrl } from "../test/test-app";
import { openDatabase } from "./client";
import journal from "./migrations/meta/_journal.json";
import { users } from "./schema";
import { seedIfEmpty } from "./seed";

const onPostgres = process.env.DB_TIER === "postgres" && !!process.env.TEST_DATABASE_URL;
if (!onPostgres)
  console.log("migration race test skipped: it needs the PostgreSQL tier (DB_TIER=postgres TEST_DATABASE_URL=...)");

describe.skipIf(!onPostgres)("two instances starting at the same instant on a fresh PostgreSQL database", () => {
  it("both come up, migrations applied once and the demo seeded once, 5 rounds out of 5", {
    timeout: 120_000,
  }, async () => {
    for (let round = 1; round <= 5; round++) {
      const { url, drop } = await freshDatabaseUrl();
      try {
        // What main.ts does at start: open (migrate under the lock), then seed under the seed lock.
        const start = async () => {
          const database = await openDatabase(url);
          await database.exclusive("seed", () => seedIfEmpty(database.db));
          return database;
        };
        const results = await Promise.allSettled([start(), start()]);
        const failures = results
          .filter((r) => r.status === "rejected")
          .map((r) => String((r as PromiseRejectedResult).reason));
        expect(failures, `round ${round}`).toEqual([]);
        const [a, b] = results.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof start>>>).value);
        const applied = (await a.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: unknown[] };
        expect(applied.rows[0]).toEqual({ n: journal.entries.length });
        const [{ n }] = await b.db.select({ n: sql<number>`count(*)::int` }).from(users);
        const single = await freshSeedCount();
        expect(n, `round ${round}: users after two concurrent seeds`).toBe(single);
        await a.close();
        await b.close();
      } finally {
        await drop();
      }
    }
  });
});

describe.skipIf(!onPostgres)("npm run db:migrate", () => {
  it("migrates a fresh database, says so, seeds nothing, and is a no-op the second time", {
    timeout: 120_000,
  }, async () => {
    const { url, drop } = await freshDatabaseUrl();
    try {
      const run = () =>
        spawnSync("npm", ["run", "--silent", "db:migrate"], {
          env: { ...process.env, DATABASE_URL: url },
          encoding: "utf8",
        });
      const first = run();
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toMatch(/^migrations applied to PostgreSQL in \d+ ms$/m);
      expect(run().status).toBe(0);
      const database = await openDatabase(url, { migrate: false });
      const applied = (await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: unknown[] };
      expect(applied.rows[0]).toEqual({ n: journal.entries.length });
      const [{ n }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(n).toBe(0);
      await database.close();
    } finally {
      await drop();
    }
  });
});

let seedCount: number | undefined;
/** How many users one seed creates, measured once on a throwaway embedded database. */
async function freshSeedCount() {
  if (seedCount === undefined) {
    const memory = await openDatabase("memory://");
    await seedIfEmpty(memory.db);
    [{ n: seedCount }] = await memory.db.select({ n: sql<number>`count(*)::int` }).from(users);
    await memory.close();
  }
  return seedCount;
}
