import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { NotificationType } from "#contract/notifications";
import { createdAt } from "#server/db/columns";
import { events } from "#server/modules/events/schema";
import { users } from "#server/modules/users/schema";

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
    /** Migration 0018: everyone else the text names (a host's summary lists guests); it goes with any of them. */
    namedIds: integer("named_ids").array().notNull().default(sql`'{}'`),
    /** Migration 0022: the event the notice is about; shown only while its recipient may open it, gone with it. */
    eventId: integer("event_id").references(() => events.id, { onDelete: "cascade" }),
    /** Migration 0023: the title's and message's catalog codes and the values they name, rendered in the reader's language. */
    titleCode: text("title_code"),
    messageCode: text("message_code"),
    textValues: jsonb("text_values").$type<Record<string, string | number>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_id_idx").on(t.userId, t.id),
    index("notifications_actor_id_idx").on(t.actorId).where(sql`${t.actorId} is not null`),
    index("notifications_named_ids_idx").using("gin", t.namedIds),
    index("notifications_event_id_idx").on(t.eventId).where(sql`${t.eventId} is not null`),
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
