import { and, count, desc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notificationPreferences, notifications } from "../../db/schema";

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

export function notificationsRepository(db: Db) {
  return {
    async insertMany(rows: NewNotificationRow[]): Promise<NotificationRow[]> {
      if (rows.length === 0) return [];
      return db.insert(notifications).values(rows).returning();
    },
    /** The stored preference rows of these users (users who never changed theirs have none). */
    async preferenceRows(userIds: number[]) {
      if (userIds.length === 0) return [];
      return db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds));
    },
    /** Newest first by id (ids grow with time); `cursor` is the smallest id of the previous page. */
    async listPage(userId: number, limit: number, cursor?: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(
          cursor
            ? and(eq(notifications.userId, userId), lt(notifications.id, cursor))
            : eq(notifications.userId, userId),
        )
        .orderBy(desc(notifications.id))
        .limit(limit);
    },
    async countUnread(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
      return row?.n ?? 0;
    },
    async markAllRead(userId: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ read: true })
        .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
        .returning({ id: notifications.id });
      return rows.length;
    },
    /** Deletes only the caller's own row; false when there is none (someone else's or missing). */
    async deleteOwn(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },
    async deleteAll(userId: number): Promise<number> {
      const rows = await db
        .delete(notifications)
        .where(eq(notifications.userId, userId))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
