import { z } from "zod";

/** Spec 02 §3 notification types. */
export const notificationTypeSchema = z.enum([
  "event_notification",
  "event_update",
  "event_canceled",
  "new_participant",
  "participant_update",
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
