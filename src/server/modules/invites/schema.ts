import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { groups } from "#server/modules/groups/schema";
import { users } from "#server/modules/users/schema";

export const groupInvites = pgTable(
  "group_invites",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    maxUses: integer("max_uses").notNull(),
    currentUses: integer("current_uses").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("group_invites_code_idx").on(t.code), index("group_invites_group_idx").on(t.groupId)],
);
