import { index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import type { UpdateAudience } from "#contract/hosting";
import { createdAt } from "#server/db/columns";
import { events } from "#server/modules/events/schema";
import { users } from "#server/modules/users/schema";

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
