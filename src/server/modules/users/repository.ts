import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { uploads, users } from "../../db/schema";

export type UserPatch = Partial<typeof users.$inferInsert>;

export function usersRepository(db: Db) {
  return {
    async findById(id: number) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async update(id: number, patch: UserPatch) {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
      return row;
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
