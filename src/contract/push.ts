import { z } from "zod";
import { lineSchema } from "./fields";
import { defineTexts } from "./i18n/texts";
import type { NotificationType } from "./notifications";

/** What a user can tune, per kind of notification. */
export const NOTIFICATION_CATEGORIES = ["events", "reminders", "participants", "meetings", "friends", "chat"] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export const NOTIFICATION_CHANNELS = ["inApp", "push", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const CATEGORY_LABELS: Record<NotificationCategory, string> = defineTexts("notificationCategories", {
  events: "Event updates",
  reminders: "Reminders",
  participants: "Participants",
  meetings: "Meetings",
  friends: "Friend requests",
  chat: "Chat",
});
export const CHANNEL_LABELS: Record<NotificationChannel, string> = defineTexts("notificationChannels", {
  inApp: "In-app",
  push: "Push",
  email: "E-mail",
});

/** Which category a stored notification type belongs to. */
export const CATEGORY_OF_TYPE: Record<NotificationType, NotificationCategory> = {
  event_notification: "events",
  event_update: "events",
  event_canceled: "events",
  event_reminder: "reminders",
  new_participant: "participants",
  participant_update: "participants",
  friend_request: "friends",
  meeting_request: "meetings",
  meeting_update: "meetings",
  meeting_reminder: "reminders",
};

const channelSwitchesSchema = z.object({ inApp: z.boolean(), push: z.boolean(), email: z.boolean() }).strict();
export type ChannelSwitches = z.infer<typeof channelSwitchesSchema>;

/** How long before an event a reminder may come: a quarter hour, one or two hours, a day, a week. */
export const REMINDER_OFFSETS = [15, 60, 120, 1440, 10080] as const;
export type ReminderOffset = (typeof REMINDER_OFFSETS)[number];
export const DEFAULT_REMINDER_OFFSETS: ReminderOffset[] = [120, 1440];
export const REMINDER_OFFSET_LABELS: Record<ReminderOffset, string> = defineTexts("reminderOffsets", {
  15: "15 minutes before",
  60: "1 hour before",
  120: "2 hours before",
  1440: "1 day before",
  10080: "1 week before",
});
const reminderOffsetSchema = z.literal(REMINDER_OFFSETS);
const reminderPreferencesSchema = z
  .object({
    offsetsMinutes: z
      .array(reminderOffsetSchema)
      .max(REMINDER_OFFSETS.length)
      .refine((list) => new Set(list).size === list.length, { message: "must not repeat an offset" }),
  })
  .strict();
/** Reminders come in-app and as push unless the person turns them off. */
const DEFAULT_REMINDER_CHANNELS: ChannelSwitches = { inApp: true, push: true, email: false };
/** Meeting requests and answers come in-app and as push unless the person turns them off. */
const DEFAULT_MEETING_CHANNELS: ChannelSwitches = { inApp: true, push: true, email: false };

export const notificationPreferencesSchema = z
  .object({
    channels: z
      .object({
        events: channelSwitchesSchema,
        // Preferences saved before reminders existed (and clients that predate them) get the defaults.
        reminders: channelSwitchesSchema.default(DEFAULT_REMINDER_CHANNELS),
        participants: channelSwitchesSchema,
        // Preferences saved before meetings existed get the defaults.
        meetings: channelSwitchesSchema.default(DEFAULT_MEETING_CHANNELS),
        friends: channelSwitchesSchema,
        chat: channelSwitchesSchema,
      })
      .strict(),
    /** E-mail notifications come as one message a day instead of one per notification. */
    emailDigest: z.boolean(),
    reminders: reminderPreferencesSchema.default({ offsetsMinutes: DEFAULT_REMINDER_OFFSETS }),
  })
  .strict();
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

/**
 * Defaults: everything in-app and as push (push only reaches devices the user opted in from Settings);
 * e-mail is opt-in per category: nobody gets mail they did not ask for.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  channels: {
    events: { inApp: true, push: true, email: false },
    reminders: DEFAULT_REMINDER_CHANNELS,
    participants: { inApp: true, push: true, email: false },
    meetings: DEFAULT_MEETING_CHANNELS,
    friends: { inApp: true, push: true, email: false },
    chat: { inApp: true, push: true, email: false },
  },
  emailDigest: false,
  reminders: { offsetsMinutes: DEFAULT_REMINDER_OFFSETS },
};

/**
 * Per user (per address for the public unsubscribe link): device registrations (a browser re-subscribes
 * on each opt-in, a phone on each start), preference saves (one per tap) and unsubscribe posts.
 */
export const PUSH_RATE_LIMITS = {
  subscriptions: { points: 30, windowMs: 60 * 60_000 },
  preferences: { points: 60, windowMs: 60_000 },
  unsubscribe: { points: 30, windowMs: 60 * 60_000 },
} as const;
/** What push answers and sends in its own words (a chat's push names its sender and quotes the message). */
export const PUSH_TEXTS = defineTexts("push", {
  tooMany: "Too many changes, try again in {seconds} s",
  endpointRefused: "endpoint: must be an https URL of a browser push service",
  deviceTaken: "This device gets another account's notifications. Sign that account out here first.",
  chatMore: "{preview} (+{more} more)",
});
/** A 429's text: an ICU message naming {seconds}, written in the request's language. */

/**
 * The browsers' push services (Chrome/Edge/Opera/Samsung via FCM, Firefox, Windows, Safari): the server
 * posts only to these hosts and their subdomains on port 443, so a forged subscription cannot aim it at an internal address.
 */
const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "push.services.mozilla.com",
  "notify.windows.com",
  "push.apple.com",
] as const;

export function isPushServiceUrl(endpoint: string): boolean {
  const url = new URL(endpoint);
  // Port 443 only (URL drops it as https's default): another port on a push host is no push service.
  return (
    url.protocol === "https:" &&
    url.port === "" &&
    PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`))
  );
}

/** A user keeps at most this many push devices; registering one more drops the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_USER_MAX = 10;
/** Push services' URLs are ~200-700 characters; FCM/APNs tokens are below 4 KB. */
const PUSH_ENDPOINT_MAX = 2048;
const PUSH_TOKEN_MAX = 4096;
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be base64url");

/** POST /api/push/subscriptions: a browser's PushSubscription.toJSON(), or a native device token. */
export const pushSubscriptionInputSchema = z.discriminatedUnion("platform", [
  z
    .object({
      platform: z.literal("web"),
      // The shared text rule, so a NUL never reaches the text column as a 500.
      endpoint: lineSchema().url().max(PUSH_ENDPOINT_MAX),
      // An uncompressed P-256 point is 65 bytes (87 base64url chars); the auth secret 16 bytes (22 chars).
      keys: z.object({ p256dh: base64url(100), auth: base64url(32) }),
    })
    .strict(),
  z
    .object({
      platform: z.enum(["ios", "android"]),
      token: z
        .string()
        .min(1)
        .max(PUSH_TOKEN_MAX)
        .regex(/^[\x21-\x7e]+$/, "must be printable ASCII"),
    })
    .strict(),
]);
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions: the device's endpoint (web) or token (native). */
export const pushUnsubscribeSchema = z.object({ endpoint: lineSchema().min(1).max(PUSH_TOKEN_MAX) }).strict();

/** The signed token of an unsubscribe link (`userId.kind.version.signature`). */
export const unsubscribeQuerySchema = z.object({ token: lineSchema().max(200) });

export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** What the service worker receives in a push message and shows. */
const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const UNSUBSCRIBE_TEXTS = defineTexts("unsubscribe", {
  done: "You're unsubscribed. You can turn e-mails back on in Settings › Notifications.",
  invalid: "This unsubscribe link is not valid.",
  pageTitle: "Link e-mails",
  confirm: "Stop these e-mails from Link?",
  unsubscribe: "Unsubscribe",
});
