import { z } from "zod";
import { formatEventTime, type TimeLanguage } from "./event-time";
import { idParamSchema } from "./fields";
import { defineTexts, formatMessage, namespaceOf, type Texts } from "./i18n/texts";

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
  /** Someone at an event asks the person to meet. */
  "meeting_request",
  /** A meeting was accepted, declined, moved to another time or canceled. */
  "meeting_update",
  /** An accepted meeting starts in a few minutes. */
  "meeting_reminder",
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

/** Notices about people (friend requests); the notices about events are in event-notices.ts. */
export const NOTICE_TEXTS = defineTexts("notices", {
  friendRequestTitle: "New friend request",
  friendRequest: "{name} wants to connect with you",
  friendAcceptedTitle: "Friend request accepted",
  friendAccepted: "{name} accepted your friend request",
  someone: "Someone",
});

/**
 * The values a notice's messages name: event titles as written, counts, an event's time, and `name`, always the
 * person who acted (the server writes their current name in its place when the notice is read).
 */
export type NoticeValues = Record<string, string | number>;

/**
 * A notice's words: its English (stored as written, and what rows from before codes show) and the codes of its
 * messages ("eventNotices.updated") with the values they name, so each reader reads it in their own language
 * whenever they read it. A null code is someone's own words (a host's update), shown as written.
 */
export interface NoticeWords {
  title: string;
  message: string;
  titleCode: string | null;
  messageCode: string | null;
  textValues: NoticeValues;
}

/** A message of a set of texts, or someone's own words ({ said }) kept as they are. */
type Words<T extends Texts> = (keyof T & string) | { said: string };

/**
 * A notice's title and message from one set of texts and one set of values. `eventDate` (an ISO instant) with
 * `eventZone` and `viewerZone` among the values gives the messages a `{when}`: the event's time as every screen
 * writes it, in the reader's language (written again for each reader, so its English here is the English one).
 */
export function noticeWords<T extends Texts>(
  texts: T,
  title: Words<T>,
  message: Words<T>,
  textValues: NoticeValues = {},
): NoticeWords {
  const values = withWhen(textValues, "en-US", null);
  const one = (words: Words<T>) =>
    typeof words === "string"
      ? { code: `${namespaceOf(texts)}.${words}`, english: formatMessage("en", texts[words] ?? words, values) }
      : { code: null, english: words.said };
  const t = one(title);
  const m = one(message);
  return { title: t.english, message: m.english, titleCode: t.code, messageCode: m.code, textValues };
}

/** The values with `{when}` added when they carry an event's time, written in a language (its Intl locale). */
export function withWhen(values: NoticeValues, locale: string, catalog: TimeLanguage["catalog"]): NoticeValues {
  if (typeof values.eventDate !== "string") return values;
  const zone = typeof values.eventZone === "string" ? values.eventZone : null;
  const viewer = typeof values.viewerZone === "string" ? values.viewerZone : null;
  return { ...values, when: formatEventTime(values.eventDate, zone, viewer, { locale, catalog }) };
}
