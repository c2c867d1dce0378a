import { and, count, desc, eq, getTableColumns, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { NotificationType } from "#contract/notifications";
import type { NotificationPreferences } from "#contract/push";
import type { Db } from "#server/db/client";
import { users } from "#server/modules/users/read-sql";
import { noticeVisibleTo } from "../visibility";
import { notificationPreferences, notifications } from "./schema";

export type NotificationRow = typeof notifications.$inferSelect & { actorName?: string | null };
export type NewNotificationRow = typeof notifications.$inferInsert;

/**
 * Deletes, within the caller's transaction, every notice naming the person besides those they acted in
 * (which go by foreign key): notices listing them among others, and those linking to their profile.
 */
export async function forgetNoticesNaming(db: Db, userId: number) {
  await db
    .delete(notifications)
    .where(or(eq(notifications.actionUrl, `/users/${userId}`), sql`${userId}::int = any(${notifications.namedIds})`));
}

/** A notice with the current name of whoever acted in it: it is written with that name, not the one they had. */
const withActorName = { ...getTableColumns(notifications), actorName: users.fullName };

/** The notices the person is shown of those stored for them (see noticeVisibleTo). */
const shownTo = (userId: number) => and(eq(notifications.userId, userId), noticeVisibleTo(userId, notifications));

/** A person's notice settings as stored, for their data export; null before they changed any. */
export async function preferencesOf(db: Db, userId: number) {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row ?? null;
}

export function notificationsRepository(db: Db) {
  return {
    async insertMany(rows: NewNotificationRow[]): Promise<NotificationRow[]> {
      if (rows.length === 0) return [];
      return db.insert(notifications).values(rows).returning();
    },
    /** The language each of these users chose (as stored: read it with languageOf) and their profile's zone. */
    async readersOf(userIds: number[]): Promise<Map<number, { language: string; timezone: string }>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, language: users.language, timezone: users.timezone })
        .from(users)
        .where(inArray(users.id, userIds));
      return new Map(rows.map(({ id, ...reader }) => [id, reader]));
    },
    /** The stored preference rows of these users (users who never changed theirs have none). */
    async preferenceRows(userIds: number[]) {
      if (userIds.length === 0) return [];
      return db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds));
    },
    /**
     * `bySelf`: the person saved them (Settings), so the unsubscribe links mailed before stop working; an
     * unsubscribe link turning its own e-mails off keeps them working (a second click says the same).
     */
    async savePreferences(
      userId: number,
      { channels, emailDigest, reminders }: NotificationPreferences,
      bySelf = true,
    ) {
      // Sorted, so the list reads back the same however it was sent.
      const reminderOffsets = [...reminders.offsetsMinutes].sort((a, b) => a - b);
      await db
        .insert(notificationPreferences)
        .values({ userId, channels, emailDigest, reminderOffsets, linksVersion: bySelf ? 1 : 0 })
        .onConflictDoUpdate({
          target: notificationPreferences.userId,
          set: {
            channels,
            emailDigest,
            reminderOffsets,
            updatedAt: new Date(),
            ...(bySelf ? { linksVersion: sql`${notificationPreferences.linksVersion} + 1` } : {}),
          },
        });
    },
    /**
     * Claims users whose last digest is a day old (`FOR UPDATE SKIP LOCKED`, so two instances never claim
     * the same user) and moves their mark to now; answers each with the old mark and their channels.
     */
    async claimDueDigests() {
      const claimed = (await db.execute(sql`
        WITH due AS (
          SELECT user_id, last_digest_at FROM notification_preferences
          WHERE email_digest AND last_digest_at <= now() - interval '1 day'
          ORDER BY last_digest_at LIMIT 100 FOR UPDATE SKIP LOCKED
        )
        UPDATE notification_preferences p SET last_digest_at = now() FROM due
        WHERE p.user_id = due.user_id
        RETURNING p.user_id AS "userId", due.last_digest_at AS "since", p.channels AS "channels",
          p.links_version AS "linksVersion"`)) as unknown as {
        rows: {
          userId: number;
          since: string | Date;
          channels: NotificationPreferences["channels"];
          linksVersion: number;
        }[];
      };
      return claimed.rows;
    },
    /** A digest's notifications: the user's since the mark, of these types, oldest first. */
    async digestItems(userId: number, since: Date, types: NotificationType[]) {
      return db
        .select(withActorName)
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .where(and(shownTo(userId), gt(notifications.createdAt, since), inArray(notifications.type, types)))
        .orderBy(notifications.id)
        .limit(50);
    },
    /** Newest first by id (ids grow with time); `cursor` is the smallest id of the previous page. */
    async listPage(userId: number, limit: number, cursor?: number): Promise<NotificationRow[]> {
      return db
        .select(withActorName)
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .where(cursor ? and(shownTo(userId), lt(notifications.id, cursor)) : shownTo(userId))
        .orderBy(desc(notifications.id))
        .limit(limit);
    },
    async countUnread(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(shownTo(userId), eq(notifications.read, false)));
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
