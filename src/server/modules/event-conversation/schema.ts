import { integer, pgTable, primaryKey, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { events } from "#server/modules/events/schema";
import { groups } from "#server/modules/groups/schema";
import { users } from "#server/modules/users/schema";

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
