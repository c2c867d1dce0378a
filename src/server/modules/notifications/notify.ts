import type { NotificationType } from "../../../contract/notifications";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";
import type { Bus } from "../../realtime/bus";

/** The bus channel a user's sockets listen on, on every instance. */
export const userChannel = (userId: number) => `user:${userId}`;

export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  actionUrl?: string | null;
}

/** Stores a notification, then pushes it to the user's open sockets as `{type: "notification", notification}`. */
export async function notify(deps: { db: Db; bus: Bus }, userId: number, input: NewNotification) {
  const [notification] = await notifyAll(deps, [userId], input);
  return notification;
}

/** The same notification for many users: one insert, then one push per user. */
export async function notifyAll(deps: { db: Db; bus: Bus }, userIds: number[], input: NewNotification) {
  if (userIds.length === 0) return [];
  const rows = await deps.db
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, type: input.type, title: input.title, message: input.message, actionUrl: input.actionUrl ?? null })))
    .returning();
  const sent = rows.map((row) => ({
    userId: row.userId,
    notification: {
      id: row.id,
      type: input.type,
      title: row.title,
      message: row.message,
      actionUrl: row.actionUrl,
      read: row.read,
      timestamp: row.createdAt.toISOString(),
    },
  }));
  await Promise.all(sent.map(({ userId, notification }) => deps.bus.publish(userChannel(userId), { type: "notification", notification })));
  return sent.map((s) => s.notification);
}
