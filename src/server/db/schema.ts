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
  uuid,
} from "drizzle-orm/pg-core";

import type { FriendGroupId, Industry } from "#contract/categories";
import type { MessageType } from "#contract/chat";
import type { EventType, InteractionAction, ParticipantStatus } from "#contract/events";
import type { GroupEventType, GroupRole, VoteValue } from "#contract/groups";
import type {
  EventQuestion,
  GuestListVisibility,
  RecurrenceFrequency,
  UpdateAudience,
  WaitlistMode,
} from "#contract/hosting";
import type { NotificationType } from "#contract/notifications";
import type { ReportReason, ReportTargetType } from "#contract/safety";
import type { TimeSlotId } from "#contract/time-slots";

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
    /** The API sends coordinates as text, kept as given; the numeric copies serve distance queries. */
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
    /** Set by a moderator: sign-in is refused and every session was ended. */
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

/** What a stored role lets its holder do: moderators open /admin and call /api/admin/*. */
export type UserRole = "moderator";

/**
 * Roles are granted (ADMIN_USERNAMES at start, `npm run moderator`), never derived from sign-up order, and
 * go with the account when it is deleted: nobody inherits them.
 */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<UserRole>().notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "user_roles_pk", columns: [t.userId, t.role] }),
    check("user_roles_role_check", sql`${t.role} IN ('moderator')`),
  ],
);

/**
 * Early-access grants: a verified access code leaves one here for a short while;
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
    /** "low:high" user ids of a direct conversation: unique, so two people never get two. */
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
    /** Hidden by a moderator: out of feeds and Nearby; its page answers 404 to all but the host. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** The IANA zone its time belongs to: its place's, else its host's when it was made. */
    timezone: text("timezone").notNull().default("UTC"),
    /** Accounts registered through this event's public link (no access code), capped by EVENT_LINK_SIGNUPS_MAX. */
    shareSignups: integer("share_signups").notNull().default(0),
    /** The town whose centre stands in for a hand-typed place ("Around San Francisco"); null for an exact pin or none. */
    placeArea: text("place_area"),
    /** What the hosts ask everyone who goes or applies (at most EVENT_QUESTIONS_MAX). */
    questions: jsonb("questions").$type<EventQuestion[]>().notNull().default([]),
    /** How many plus-ones one person may bring; each takes a seat. */
    maxGuestsPerPerson: integer("max_guests_per_person").notNull().default(0),
    /** Who sees who is going; the count is shown to everyone. */
    guestList: text("guest_list").$type<GuestListVisibility>().notNull().default("everyone"),
    /** The series' first occurrence (its own id for that one); null for a one-off event. */
    seriesId: integer("series_id").references((): AnyPgColumn => events.id, { onDelete: "set null" }),
    recurrence: text("recurrence").$type<RecurrenceFrequency>(),
    /** iCalendar SEQUENCE: a trigger (migration 0017) bumps it when the title, text, time, place or cancellation changes. */
    sequence: integer("sequence").notNull().default(0),
    /** instant: a freed seat goes to the first waitlisted at once; confirm: they have an hour to confirm it. */
    waitlistMode: text("waitlist_mode").$type<WaitlistMode>().notNull().default("instant"),
    createdAt: createdAt(),
    /** The feed's grid cell of (lat, lng): migration 0003, twin of cellOf in modules/feed/ranking-sql.ts. */
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
    check("events_timezone_len", sql`char_length(${t.timezone}) <= 64`),
    check("events_place_area_len", sql`char_length(${t.placeArea}) <= 200`),
    check("events_share_signups_range", sql`${t.shareSignups} >= 0 AND ${t.shareSignups} <= 10000`),
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

/** A group plan offering several options: decided by its members' votes (modules/polls). */
export const groupPolls = pgTable(
  "group_polls",
  {
    eventId: integer("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    decideBy: timestamp("decide_by", { withTimezone: true }).notNull(),
    /** Set once, by whichever instance claims the nudge first. */
    nudgedAt: timestamp("nudged_at", { withTimezone: true }),
    /** Set once, by whichever claims the decision first (deadline, everyone voted, or an admin). */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    winnerOptionId: integer("winner_option_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("group_polls_open_idx").on(t.decideBy).where(sql`${t.decidedAt} is null`),
    index("group_polls_group_idx").on(t.groupId),
  ],
);

export const pollOptions = pgTable(
  "poll_options",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => groupPolls.eventId, { onDelete: "cascade" }),
    date: timestamp("date", { withTimezone: true }).notNull(),
    location: text("location").notNull().default(""),
    position: integer("position").notNull(),
  },
  (t) => [index("poll_options_event_idx").on(t.eventId, t.position)],
);

export const pollVotes = pgTable(
  "poll_votes",
  {
    optionId: integer("option_id")
      .notNull()
      .references(() => pollOptions.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    vote: text("vote").$type<VoteValue>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.userId] }), index("poll_votes_user_idx").on(t.userId)],
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
    // One row per unordered pair: A->B and B->A sent at once cannot both be stored.
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
    /** Hidden by a moderator: read back as "Message removed". */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** Made by the sender's client once per message: a retried send answers the row it already stored. */
    clientId: uuid("client_id"),
  },
  (t) => [
    index("chat_messages_group_id_idx").on(t.groupId, t.id),
    uniqueIndex("chat_messages_client_id_idx").on(t.userId, t.clientId).where(sql`${t.clientId} is not null`),
  ],
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
    /** Migration 0012: whoever acted (joined, asked, accepted); the notice goes with their account. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_id_idx").on(t.userId, t.id),
    index("notifications_actor_id_idx").on(t.actorId).where(sql`${t.actorId} is not null`),
  ],
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

/** A browser's push subscription, or a native app's FCM/APNs device token in `endpoint` (decision 013). */
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
    /** The session that registered the device: while it lives, another account cannot take the device over. */
    sessionHash: text("session_hash").references(() => sessions.idHash, { onDelete: "set null" }),
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

/** A user's notification channels per category (decision 013); no row means the defaults. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  channels: jsonb("channels").$type<Record<string, { inApp: boolean; push: boolean; email: boolean }>>().notNull(),
  emailDigest: boolean("email_digest").notNull().default(false),
  /** Bumped by each save the person makes; unsubscribe links carry the version they were sent under. */
  linksVersion: integer("links_version").notNull().default(0),
  /** Minutes before an event each reminder comes (REMINDER_OFFSETS). */
  reminderOffsets: integer("reminder_offsets").array().notNull().default(sql`'{120,1440}'`),
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

/** One row per person who blocked another; blocking hides both from each other. */
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

/** A report of a person, a chat message or an event, open until a moderator resolves it. */
export const reports = pgTable(
  "reports",
  {
    id: serial("id").primaryKey(),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type").$type<ReportTargetType>().notNull(),
    // Migration 0012: a report outlives what it was about, so moderators keep the trail of a deleted account.
    targetUserId: integer("target_user_id").references(() => users.id, { onDelete: "set null" }),
    targetMessageId: integer("target_message_id").references(() => chatMessages.id, { onDelete: "set null" }),
    targetEventId: integer("target_event_id").references(() => events.id, { onDelete: "set null" }),
    reason: text("reason").$type<ReportReason>().notNull(),
    details: text("details").notNull().default(""),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    /** When the subject deleted their account, and a keyed hash of its e-mail to recognise the address coming back. */
    subjectDeletedAt: timestamp("subject_deleted_at", { withTimezone: true }),
    subjectEmailHash: text("subject_email_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    index("reports_open_idx").on(t.id).where(sql`${t.resolvedAt} is null`),
    check("reports_target_type_check", sql`${t.targetType} in ('user', 'message', 'event')`),
  ],
);

/** A single-use password-reset or e-mail-verification link (decision 014); only its SHA-256 is kept. */
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

/** Migration 0017: one row per reminder sent; inserting it is the claim, so no reminder goes out twice. */
export const reminderDeliveries = pgTable(
  "reminder_deliveries",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"reminder" | "host_summary">().notNull(),
    offsetMinutes: integer("offset_minutes").notNull(),
    /** The event's start the reminder was for: a moved event is owed fresh reminders. */
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "reminder_deliveries_pk", columns: [t.userId, t.eventId, t.kind, t.offsetMinutes, t.startsAt] }),
    index("reminder_deliveries_event_idx").on(t.eventId),
    check("reminder_deliveries_kind_check", sql`${t.kind} IN ('reminder', 'host_summary')`),
  ],
);

/** Migration 0017: a person's secret calendar feed token (the address opens without a cookie). */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_idx").on(t.token)],
);

/** Migration 0017: who follows whom (one way; a block ends it both ways). */
export const follows = pgTable(
  "follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followedId: integer("followed_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "follows_pk", columns: [t.followerId, t.followedId] }),
    index("follows_followed_idx").on(t.followedId),
    check("follows_not_self", sql`${t.followerId} <> ${t.followedId}`),
  ],
);

/** Migration 0017: an event's guests' conversation, a private group made on first use. */
export const eventConversations = pgTable(
  "event_conversations",
  {
    eventId: integer("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("event_conversations_group_idx").on(t.groupId)],
);

/** Migration 0017: a person who muted a conversation hears no push or e-mail for its messages. */
export const conversationMutes = pgTable(
  "conversation_mutes",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: "conversation_mutes_pk", columns: [t.groupId, t.userId] })],
);
