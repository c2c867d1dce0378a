import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "#server/modules/users/schema";

/** What a stored role lets its holder do: moderators open /admin and call /api/admin/*. */
export type UserRole = "moderator";

/**
 * Roles are granted (ADMIN_USERNAMES at start, `npm run moderator`), never derived from sign-up order, and
 * go with the account when it is deleted: nobody inherits them.
 */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<UserRole>().notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "user_roles_pk", columns: [t.userId, t.role] }),
    check("user_roles_role_check", sql`${t.role} IN ('moderator')`),
  ],
);
