import { count, eq, or, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client";
import { users } from "#server/modules/users/read-sql";
import { earlyAccessEntries } from "./schema";

/** Deletes, within the caller's transaction, the early-access list's entry of this address or username. */
export async function forgetEarlyAccessEntry(db: Tx, email: string, username: string) {
  await db
    .delete(earlyAccessEntries)
    .where(or(eq(earlyAccessEntries.email, email), sql`lower(${earlyAccessEntries.username}) = lower(${username})`));
}

export function earlyAccessRepository(db: Db) {
  return {
    /** True when a row was added; false when the e-mail was already listed (the unique index decides, so races are safe). */
    async add(entry: { fullName: string; email: string; username: string }): Promise<boolean> {
      const rows = await db
        .insert(earlyAccessEntries)
        .values(entry)
        .onConflictDoNothing({ target: earlyAccessEntries.email })
        .returning({ id: earlyAccessEntries.id });
      return rows.length > 0;
    },
    async stats() {
      const [[waiting], [given]] = await Promise.all([
        db.select({ n: count() }).from(earlyAccessEntries),
        db.select({ n: count() }).from(users),
      ]);
      return { waiting: waiting?.n ?? 0, given: given?.n ?? 0 };
    },
  };
}
export type EarlyAccessRepository = ReturnType<typeof earlyAccessRepository>;
