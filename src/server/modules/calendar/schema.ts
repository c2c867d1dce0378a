import { integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { users } from "#server/modules/users/schema";

/** Migration 0017: a person's secret calendar feed token (the address opens without a cookie). */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_idx").on(t.token)],
);
