import { z } from "zod";
import { idParamSchema } from "./fields";

/** What a notification is about; the Notifications page filters by it. */
export const notificationTypeSchema = z.enum([
  "event_notification",
  "event_update",
  "event_canceled",
  "new_participant",
  "participant_update",
  /** A friend request was sent or accepted (a profile's Connect button). */
  "friend_request",
  /** An event the person is going to or hosts starts soon (their chosen reminder offsets). */
  "event_reminder",
]);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  actionUrl: z.string().nullable(),
  read: z.boolean(),
  timestamp: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: newest first; `nextCursor` is the id to pass as `cursor` for the older page. */
export const notificationListQuerySchema = z.object({
  cursor: idParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.number().int().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;
