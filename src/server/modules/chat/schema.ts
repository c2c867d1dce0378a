import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { MessageType } from "#contract/chat";
import { groups } from "#server/modules/groups/schema";
import { users } from "#server/modules/users/schema";

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
