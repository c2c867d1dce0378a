import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client";
import { isUniqueViolation } from "#server/db/errors";
import { isUploadOf } from "../uploads";
import { personVisibleTo } from "../visibility";
import { type NewUser, users } from "./schema";

export type { NewUser, UserRow } from "./schema";
export type UserPatch = Partial<typeof users.$inferInsert>;

/** Stores a new account, within the caller's transaction (registration spends its grant in the same one). */
export async function insertUser(db: Tx, user: NewUser) {
  const [row] = await db.insert(users).values(user).returning();
  return row;
}

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
    /** Of the named people, those `viewerId` may see. */
    async findManySeenBy(viewerId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(users)
        .where(and(inArray(users.id, ids), personVisibleTo(viewerId, users.id)));
    },
    /** Ids grow with sign-ups: a page is the next `limit` people `viewerId` may see after `afterId`. */
    async listSeenByAfter(viewerId: number, afterId: number, limit: number) {
      return db
        .select()
        .from(users)
        .where(and(gt(users.id, afterId), personVisibleTo(viewerId, users.id)))
        .orderBy(asc(users.id))
        .limit(limit);
    },
    async update(id: number, patch: UserPatch) {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
      return row;
    },
    /** Links a Google account (its OIDC `sub`) to a Link account; false when that Google account is linked elsewhere. */
    async linkGoogleSubject(userId: number, subject: string) {
      try {
        await db.update(users).set({ googleSubject: subject }).where(eq(users.id, userId));
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
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
    uploadBelongsTo(uploadId: string, userId: number) {
      return isUploadOf(db, uploadId, userId);
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
