import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";

export type NewUser = typeof users.$inferInsert;

export function authRepository(db: Db) {
  return {
    async findUserByLogin(identifier: string) {
      const lowered = identifier.toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(or(sql`lower(${users.username}) = ${lowered}`, eq(users.email, lowered)))
        .limit(1);
      return row;
    },
    async findUserById(id: number) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findTakenField(username: string, email: string): Promise<"username" | "email" | null> {
      const [row] = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(or(sql`lower(${users.username}) = ${username.toLowerCase()}`, eq(users.email, email)))
        .limit(1);
      if (!row) return null;
      return row.username.toLowerCase() === username.toLowerCase() ? "username" : "email";
    },
    async insertUser(user: NewUser) {
      const [row] = await db.insert(users).values(user).returning();
      return row;
    },
    async insertSession(idHash: string, userId: number, expiresAt: Date) {
      await db.insert(sessions).values({ idHash, userId, expiresAt });
    },
    async findSession(idHash: string) {
      const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash)).limit(1);
      return row;
    },
    async touchSession(idHash: string) {
      await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.idHash, idHash));
    },
    async deleteSession(idHash: string) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },
    async deleteExpiredSessions(userId: number, now: Date) {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
