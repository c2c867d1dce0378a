import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client";
import { uploads } from "#server/modules/uploads/schema";
import { users } from "./schema";

export type UserRow = typeof users.$inferSelect;
export type UserPatch = Partial<typeof users.$inferInsert>;

/** Deletes the account's row (its own rows go by foreign key), within the caller's transaction. */
export async function deleteUserRow(db: Tx, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}

export function usersRepository(db: Db) {
  return {
    async findById(id: number) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /** Lower-cased username -> id for the names that have an account (usernames are unique case-insensitively). */
    async idsByUsernames(usernames: string[]): Promise<Map<string, number>> {
      if (usernames.length === 0) return new Map();
      const lowered = usernames.map((name) => name.toLowerCase());
      const rows = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(sql`lower(${users.username})`, lowered));
      return new Map(rows.map((r) => [r.username.toLowerCase(), r.id]));
    },
    async emailsOf(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r.email]));
    },
    async findMany(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(users).where(inArray(users.id, ids));
    },
    /** Ids grow with sign-ups: a page is the next `limit` users after `afterId`. */
    async listAfter(afterId: number, limit: number) {
      return db.select().from(users).where(gt(users.id, afterId)).orderBy(asc(users.id)).limit(limit);
    },
    async update(id: number, patch: UserPatch) {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
      return row;
    },
    /** Marks the address verified only if it is still the one the link was sent to. */
    async markEmailVerified(userId: number, email: string, now: Date) {
      const rows = await db
        .update(users)
        .set({ emailVerifiedAt: now })
        .where(and(eq(users.id, userId), eq(users.email, email)))
        .returning({ id: users.id });
      return rows.length > 0;
    },
    async uploadBelongsTo(uploadId: string, userId: number) {
      const [row] = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.id, uploadId), eq(uploads.userId, userId)))
        .limit(1);
      return Boolean(row);
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
