import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { users } from "#server/modules/users/schema";

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie value: a leaked table cannot be replayed as cookies. */
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Early-access grants: a verified access code leaves one here for a short while;
 * POST /api/register consumes it. Only the SHA-256 of the cookie value is stored.
 */
export const accessGrants = pgTable(
  "access_grants",
  {
    idHash: text("id_hash").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("access_grants_expires_idx").on(t.expiresAt)],
);
