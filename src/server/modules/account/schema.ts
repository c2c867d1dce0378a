import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { users } from "#server/modules/users/schema";

/** A single-use password-reset or e-mail-verification link (decision 014); only its SHA-256 is kept. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"password_reset" | "email_verification">().notNull(),
    /** The address a verification link was sent to: a link proves only that one, not a later one. */
    email: text("email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("account_tokens_user_idx").on(t.userId, t.purpose),
    check("account_tokens_purpose_check", sql`${t.purpose} IN ('password_reset', 'email_verification')`),
  ],
);
