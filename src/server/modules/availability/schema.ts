import { date, integer, jsonb, pgTable, serial, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { TimeSlotId } from "#contract/time-slots";
import { users } from "#server/modules/users/schema";

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
