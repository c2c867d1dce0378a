import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import type { FriendGroupId, Industry } from "../../contract/categories";
import type { MessageType } from "../../contract/chat";
import type { EventType, InteractionAction, ParticipantStatus } from "../../contract/events";
import type { GroupEventType, GroupRole, VoteValue } from "../../contract/groups";
import type {
  EventQuestion,
  GuestListVisibility,
  RecurrenceFrequency,
  UpdateAudience,
  WaitlistMode,
} from "../../contract/hosting";
import type { NotificationType } from "../../contract/notifications";
import type { ReportReason, ReportTargetType } from "../../contract/safety";
import type { GroupSlotId, TimeSlotId } from "../../contract/time-slots";

// Enum columns are text in PostgreSQL; `.$type<>()` types them from the contract's enums (no migration),
// and the contract's schemas are what let a value in, so a read row needs no cast.
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    fullName: text("full_name").notNull(),
    username: text("username").notNull(),
    /** Stored lower-cased so uniqueness and login are case-insensitive. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    bio: text("bio").notNull().default(""),
    profession: text("profession").notNull().default(""),
    profileImage: text("profile_image"),
    interests: jsonb("interests").$type<string[]>().notNull().default([]),
    skills: jsonb("skills").$type<string[]>().notNull().default([]),
    careerPath: text("career_path").notNull().default(""),
    /** Spec 01 §3 keeps coordinates as strings; the numeric copies serve distance queries. */
    latitude: text("latitude").notNull().default(""),
    longitude: text("longitude").notNull().default(""),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    availabilityPreferences: jsonb("availability_preferences").$type<Record<string, unknown>>().notNull().default({}),
    timezone: text("timezone").notNull().default("America/New_York"),
    /** Set once the address is proven to belong to the account's owner (today: only a Google sign-up). */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** The Google account (OIDC `sub`) linked to this one; sign-in with Google matches on it, never on the e-mail alone. */
    googleSubject: text("google_subject"),
    /** Set by a moderator (issue 14.5): sign-in is refused and every session was ended. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_idx").on(t.email),
    uniqueIndex("users_google_subject_idx").on(t.googleSubject),
    index("users_lat_lng_idx").on(t.lat, t.lng),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie value: a leaked table cannot be replayed as cookies. */
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Early-access grants (issue 9.14): a verified access code leaves one here for a short while;
 * POST /api/register consumes it. Only the SHA-256 of the cookie value is stored.
 */
export const accessGrants = pgTable(
  "access_grants",
  {
    idHash: text("id_hash").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("access_grants_expires_idx").on(t.expiresAt)],
);

export const groups = pgTable(
  "groups",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url"),
    isPrivate: boolean("is_private").notNull().default(false),
    /** A two-member private conversation opened by "Message" on a profile. */
    isDirect: boolean("is_direct").notNull().default(false),
    /** "low:high" user ids of a direct conversation: unique, so two people never get two (issue 9.3). */
    directPair: text("direct_pair"),
    inviteCode: text("invite_code"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("groups_invite_code_idx").on(t.inviteCode),
    uniqueIndex("groups_direct_pair_idx").on(t.directPair),
  ],
);

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<GroupRole>().notNull().default("member"),
    /** Unread counts are messages with a larger id than this. */
    lastReadMessageId: integer("last_read_message_id").notNull().default(0),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("group_members_user_idx").on(t.userId)],
);

export const groupInvites = pgTable(
  "group_invites",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    maxUses: integer("max_uses").notNull(),
    currentUses: integer("current_uses").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("group_invites_code_idx").on(t.code), index("group_invites_group_idx").on(t.groupId)],
);

export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    date: timestamp("date", { withTimezone: true }).notNull(),
    location: text("location").notNull().default(""),
    latitude: text("latitude").notNull().default(""),
    longitude: text("longitude").notNull().default(""),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    imageUrl: text("image_url"),
    /** social | networking for discover events; group planning events carry their own kind in groupEventType. */
    type: text("type").$type<EventType>().notNull().default("social"),
    category: text("category").$type<Industry>(),
    friendGroupId: text("friend_group_id").$type<FriendGroupId>(),
    hostId: integer("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    maxAttendees: integer("max_attendees"),
    /** Kept in step with going participants inside the same transaction, so the cap holds atomically. */
    goingCount: integer("going_count").notNull().default(0),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    groupId: integer("group_id").references(() => groups.id, { onDelete: "cascade" }),
    groupEventType: text("group_event_type").$type<GroupEventType>(),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    /** Hidden by a moderator (issue 14.5): out of feeds and Nearby; its page answers 404 to all but the host. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** What the hosts ask everyone who goes or applies (at most EVENT_QUESTIONS_MAX). */
    questions: jsonb("questions").$type<EventQuestion[]>().notNull().default([]),
    /** How many plus-ones one person may bring; each takes a seat. */
    maxGuestsPerPerson: integer("max_guests_per_person").notNull().default(0),
    /** Who sees who is going; the count is shown to everyone. */
    guestList: text("guest_list").$type<GuestListVisibility>().notNull().default("everyone"),
    /** The series' first occurrence (its own id for that one); null for a one-off event. */
    seriesId: integer("series_id").references((): AnyPgColumn => events.id, { onDelete: "set null" }),
    recurrence: text("recurrence").$type<RecurrenceFrequency>(),
    /** instant: a freed seat goes to the first waitlisted at once; confirm: they have an hour to confirm it. */
    waitlistMode: text("waitlist_mode").$type<WaitlistMode>().notNull().default("instant"),
    createdAt: createdAt(),
    /** The feed's grid cell of (lat, lng): migration 0003, twin of cellOf in modules/events/feed/query.ts. */
    cell: integer("cell").generatedAlwaysAs(
      sql`((floor("lat" / 0.2::float8) + 450) * 2000 + (floor("lng" / 0.2::float8) + 900))::int`,
    ),
  },
  (t) => [
    index("events_type_date_idx").on(t.type, t.date),
    index("events_type_cell_date_idx").on(t.type, t.cell, t.date, t.id).where(sql`${t.cell} is not null`),
    index("events_host_idx").on(t.hostId),
    index("events_group_idx").on(t.groupId),
    index("events_lat_lng_idx").on(t.lat, t.lng),
    index("events_series_idx").on(t.seriesId, t.date).where(sql`${t.seriesId} is not null`),
    index("events_tags_idx").using("gin", t.tags),
  ],
);

export const eventParticipants = pgTable(
  "event_participants",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<ParticipantStatus>().notNull(),
    /** The answers to the event's questions, by question id. */
    answers: jsonb("answers").$type<Record<string, string>>().notNull().default({}),
    /** Plus-ones: a going row holds 1 + guests seats of going_count. */
    guests: integer("guests").notNull().default(0),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    /** A seat offered from the waitlist is the person's until then unless they confirm it. */
    confirmBy: timestamp("confirm_by", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index("event_participants_user_status_idx").on(t.userId, t.status),
    index("event_participants_event_status_idx").on(t.eventId, t.status, t.createdAt),
    index("event_participants_confirm_by_idx").on(t.confirmBy).where(sql`${t.confirmBy} is not null`),
  ],
);

export const eventInteractions = pgTable(
  "event_interactions",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").$type<InteractionAction>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] })],
);

export const eventVotes = pgTable(
  "event_votes",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    vote: text("vote").$type<VoteValue>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

export const availability = pgTable(
  "availability",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    timeslots: jsonb("timeslots").$type<TimeSlotId[]>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("availability_user_date_idx").on(t.userId, t.date)],
);

export const groupAvailability = pgTable(
  "group_availability",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    timeslots: jsonb("timeslots").$type<GroupSlotId[]>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId, t.date] })],
);

export const friendships = pgTable(
  "friendships",
  {
    requesterId: integer("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addresseeId: integer("addressee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** pending until the addressee accepts; a declined request is deleted. */
    status: text("status").$type<"pending" | "accepted">().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.addresseeId] }),
    index("friendships_addressee_idx").on(t.addresseeId),
    // One row per unordered pair: A->B and B->A sent at once cannot both be stored (issue 9.3).
    uniqueIndex("friendships_pair_idx").on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    messageType: text("message_type").$type<MessageType>().notNull().default("text"),
    attachmentUrl: text("attachment_url"),
    referenceData: jsonb("reference_data"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by a moderator (issue 14.5): read back as "Message removed". */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  },
  (t) => [index("chat_messages_group_id_idx").on(t.groupId, t.id)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<NotificationType>().notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    actionUrl: text("action_url"),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_id_idx").on(t.userId, t.id)],
);

export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: serial("id").primaryKey(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("waitlist_email_idx").on(t.email)],
);

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** E-mail queue (migration 0002): a worker claims due pending rows, sends them, retries with back-off. */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** Extra mail headers (migration 0008): List-Unsubscribe and List-Unsubscribe-Post on notification e-mails. */
    headers: jsonb("headers").$type<Record<string, string>>(),
  },
  (t) => [
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check("outbox_status_check", sql`${t.status} IN ('pending', 'sent', 'failed')`),
  ],
);

export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    /** Base64 of a photo stored before the WebP pipeline (migration 0004); re-encoded and cleared on first read. */
    data: text("data"),
    /** Bytes the user sent, counted against the daily upload quota. */
    byteSize: integer("byte_size").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_user_created_idx").on(t.userId, t.createdAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** The re-encoded WebP sizes of an upload (IMAGE_WIDTHS), metadata stripped. */
export const uploadVariants = pgTable(
  "upload_variants",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.width] })],
);

/** Issue 14.2 (migration 0008): a browser's push subscription, or a native app's FCM/APNs device token in `endpoint`. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform").$type<"web" | "ios" | "android">().notNull(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh"),
    auth: text("auth"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId, t.id),
    check("push_subscriptions_platform_check", sql`${t.platform} IN ('web', 'ios', 'android')`),
    check(
      "push_subscriptions_web_keys_check",
      sql`${t.platform} <> 'web' OR (${t.p256dh} IS NOT NULL AND ${t.auth} IS NOT NULL)`,
    ),
  ],
);

/** Issue 14.3 (migration 0008): a user's notification channels per category; no row means the defaults. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  channels: jsonb("channels").$type<Record<string, { inApp: boolean; push: boolean; email: boolean }>>().notNull(),
  emailDigest: boolean("email_digest").notNull().default(false),
  /** The end of the period the last daily digest covered. */
  lastDigestAt: timestamp("last_digest_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Keys the server generates once and shares between instances (VAPID key pair, unsubscribe-link secret). */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/** Issue 14.5: one row per person who blocked another; blocking hides both from each other. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "user_blocks_pk", columns: [t.blockerId, t.blockedId] }),
    index("user_blocks_blocked_idx").on(t.blockedId),
    check("user_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** Issue 14.5: a report of a person, a chat message or an event, open until a moderator resolves it. */
export const reports = pgTable(
  "reports",
  {
    id: serial("id").primaryKey(),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type").$type<ReportTargetType>().notNull(),
    targetUserId: integer("target_user_id").references(() => users.id, { onDelete: "cascade" }),
    targetMessageId: integer("target_message_id").references(() => chatMessages.id, { onDelete: "cascade" }),
    targetEventId: integer("target_event_id").references(() => events.id, { onDelete: "cascade" }),
    reason: text("reason").$type<ReportReason>().notNull(),
    details: text("details").notNull().default(""),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("reports_open_idx").on(t.id).where(sql`${t.resolvedAt} is null`),
    check("reports_target_type_check", sql`${t.targetType} in ('user', 'message', 'event')`),
  ],
);

/** Issue 14.4 (migration 0009): a single-use password-reset or e-mail-verification link; only its SHA-256 is kept. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"password_reset" | "email_verification">().notNull(),
    /** The address a verification link was sent to: a link proves only that one, not a later one. */
    email: text("email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("account_tokens_user_idx").on(t.userId, t.purpose),
    check("account_tokens_purpose_check", sql`${t.purpose} IN ('password_reset', 'email_verification')`),
  ],
);

/** Co-hosts of an event: they manage it with its host; only the host cancels it or changes them. */
export const eventCohosts = pgTable(
  "event_cohosts",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index("event_cohosts_user_idx").on(t.userId)],
);

/** A message the hosts sent to the event's guests. */
export const eventUpdates = pgTable(
  "event_updates",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    audience: text("audience").array().$type<UpdateAudience[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("event_updates_event_idx").on(t.eventId, t.id)],
);
