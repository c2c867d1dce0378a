import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { ParticipantStatus } from "#contract/events";
import { createdAt } from "#server/db/columns";
import { events } from "#server/modules/events/schema";
import { users } from "#server/modules/users/schema";

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
