import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { events } from "#server/modules/events/schema";
import { users } from "#server/modules/users/schema";

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
