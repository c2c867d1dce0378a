import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { type UserRole, userRoles } from "./schema";

export function rolesRepository(db: Db) {
  return {
    async holds(userId: number, role: UserRole): Promise<boolean> {
      const [row] = await db
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
        .limit(1);
      return Boolean(row);
    },
    /** The ids that did not hold the role yet (a second instance granting the same names at start changes nothing). */
    async grant(userIds: number[], role: UserRole): Promise<number[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .insert(userRoles)
        .values(userIds.map((userId) => ({ userId, role })))
        .onConflictDoNothing()
        .returning({ userId: userRoles.userId });
      return rows.map((r) => r.userId);
    },
    async revoke(userId: number, role: UserRole): Promise<boolean> {
      const rows = await db
        .delete(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
        .returning({ userId: userRoles.userId });
      return rows.length > 0;
    },
  };
}
export type RolesRepository = ReturnType<typeof rolesRepository>;
