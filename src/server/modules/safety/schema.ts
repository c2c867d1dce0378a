import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { ReportReason, ReportTargetType } from "#contract/safety";
import { createdAt } from "#server/db/columns";
import { chatMessages } from "#server/modules/chat/schema";
import { events } from "#server/modules/events/schema";
import { users } from "#server/modules/users/schema";

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
    /** Migration 0018: null once the reporter deleted their account; moderators keep the report. */
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "set null" }),
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
