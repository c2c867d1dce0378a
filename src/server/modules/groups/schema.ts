import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { GroupRole } from "#contract/groups";
import { createdAt } from "#server/db/columns";
import { users } from "#server/modules/users/schema";

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
