import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { VoteValue } from "#contract/groups";
import { createdAt } from "#server/db/columns";
import { events } from "#server/modules/events/schema";
import { groups } from "#server/modules/groups/schema";
import { users } from "#server/modules/users/schema";

/** A group plan offering several options: decided by its members' votes (modules/polls). */
export const groupPolls = pgTable(
  "group_polls",
  {
    eventId: integer("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    decideBy: timestamp("decide_by", { withTimezone: true }).notNull(),
    /** Set once, by whichever instance claims the nudge first. */
    nudgedAt: timestamp("nudged_at", { withTimezone: true }),
    /** Set once, by whichever claims the decision first (deadline, everyone voted, or an admin). */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    winnerOptionId: integer("winner_option_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("group_polls_open_idx").on(t.decideBy).where(sql`${t.decidedAt} is null`),
    index("group_polls_group_idx").on(t.groupId),
  ],
);

export const pollOptions = pgTable(
  "poll_options",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => groupPolls.eventId, { onDelete: "cascade" }),
    date: timestamp("date", { withTimezone: true }).notNull(),
    location: text("location").notNull().default(""),
    position: integer("position").notNull(),
  },
  (t) => [index("poll_options_event_idx").on(t.eventId, t.position)],
);

export const pollVotes = pgTable(
  "poll_votes",
  {
    optionId: integer("option_id")
      .notNull()
      .references(() => pollOptions.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    vote: text("vote").$type<VoteValue>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.userId] }), index("poll_votes_user_idx").on(t.userId)],
);
