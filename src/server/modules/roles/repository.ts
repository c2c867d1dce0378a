import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { moderatorNamePins, type UserRole, userRoles } from "./schema";

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
    /**
     * Pins each name to the account it names now (or to nobody) unless it was pinned before, and returns every
     * name's pin: a pin is never moved, so the name keeps meaning the account it meant when first listed.
     */
    async pinNames(accountByName: Map<string, number | null>): Promise<Map<string, number | null>> {
      const names = [...accountByName.keys()];
      if (names.length === 0) return new Map();
      await db
        .insert(moderatorNamePins)
        .values(names.map((username) => ({ username, userId: accountByName.get(username) ?? null })))
        .onConflictDoNothing();
      const rows = await db
        .select({ username: moderatorNamePins.username, userId: moderatorNamePins.userId })
        .from(moderatorNamePins)
        .where(inArray(moderatorNamePins.username, names));
      return new Map(rows.map((r) => [r.username, r.userId]));
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
