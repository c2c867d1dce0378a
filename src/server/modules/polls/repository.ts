import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { VoteValue } from "#contract/groups";
import type { Db } from "#server/db/client";
import { groupPolls, pollOptions, pollVotes } from "./schema";

export type PollRow = typeof groupPolls.$inferSelect;

/** Polls, their options and the votes on them: the only file that reads or writes these tables. */
export function pollsRepository(db: Db) {
  return {
    async insertPoll(
      poll: { eventId: number; groupId: number; decideBy: Date },
      options: { date: Date; location: string }[],
    ) {
      return db.transaction(async (tx) => {
        await tx.insert(groupPolls).values(poll);
        return tx
          .insert(pollOptions)
          .values(
            options.map((o, position) => ({ eventId: poll.eventId, date: o.date, location: o.location, position })),
          )
          .returning();
      });
    },

    async findPoll(eventId: number): Promise<PollRow | undefined> {
      const [row] = await db.select().from(groupPolls).where(eq(groupPolls.eventId, eventId)).limit(1);
      return row;
    },

    async optionsOf(eventId: number) {
      return db.select().from(pollOptions).where(eq(pollOptions.eventId, eventId)).orderBy(asc(pollOptions.position));
    },

    async votesOf(eventId: number) {
      return db
        .select({ optionId: pollVotes.optionId, userId: pollVotes.userId, vote: pollVotes.vote })
        .from(pollVotes)
        .innerJoin(pollOptions, eq(pollOptions.id, pollVotes.optionId))
        .where(eq(pollOptions.eventId, eventId));
    },

    async upsertVote(optionId: number, userId: number, vote: VoteValue) {
      await db
        .insert(pollVotes)
        .values({ optionId, userId, vote })
        .onConflictDoUpdate({ target: [pollVotes.optionId, pollVotes.userId], set: { vote, createdAt: new Date() } });
    },

    /**
     * Claims the nudge of every open poll closing within `withinMs` of `now` that was not nudged yet.
     * One UPDATE ... RETURNING: under concurrent instances each row is returned to exactly one of them.
     */
    async claimNudges(now: Date, withinMs: number) {
      return db
        .update(groupPolls)
        .set({ nudgedAt: now })
        .where(
          and(
            isNull(groupPolls.decidedAt),
            isNull(groupPolls.nudgedAt),
            lte(groupPolls.decideBy, new Date(now.getTime() + withinMs)),
            sql`${groupPolls.decideBy} > ${now}`,
          ),
        )
        .returning({ eventId: groupPolls.eventId, groupId: groupPolls.groupId });
    },

    /** Open polls whose deadline has passed. */
    async dueBy(now: Date) {
      return db
        .select({ eventId: groupPolls.eventId, groupId: groupPolls.groupId })
        .from(groupPolls)
        .where(and(isNull(groupPolls.decidedAt), lte(groupPolls.decideBy, now)))
        .limit(100);
    },

    /** Marks the poll decided with its winner unless someone did first; true for the one caller that did. */
    async claimDecision(eventId: number, winnerOptionId: number, now: Date) {
      const rows = await db
        .update(groupPolls)
        .set({ decidedAt: now, winnerOptionId })
        .where(and(eq(groupPolls.eventId, eventId), isNull(groupPolls.decidedAt)))
        .returning({ eventId: groupPolls.eventId });
      return rows.length === 1;
    },

    /** Which of these events are polls. */
    async pollIdsAmong(eventIds: number[]) {
      if (eventIds.length === 0) return new Set<number>();
      const rows = await db
        .select({ eventId: groupPolls.eventId })
        .from(groupPolls)
        .where(inArray(groupPolls.eventId, eventIds));
      return new Set(rows.map((r) => r.eventId));
    },
  };
}
export type PollsRepository = ReturnType<typeof pollsRepository>;
