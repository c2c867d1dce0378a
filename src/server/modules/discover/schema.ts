import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { InteractionAction } from "#contract/events";
import { createdAt } from "#server/db/columns";
import { events } from "#server/modules/events/schema";
import { users } from "#server/modules/users/schema";

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
