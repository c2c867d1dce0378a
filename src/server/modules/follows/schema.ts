import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { users } from "#server/modules/users/schema";

/** Migration 0017: who follows whom (one way; a block ends it both ways). */
export const follows = pgTable(
  "follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followedId: integer("followed_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "follows_pk", columns: [t.followerId, t.followedId] }),
    index("follows_followed_idx").on(t.followedId),
    check("follows_not_self", sql`${t.followerId} <> ${t.followedId}`),
  ],
);
