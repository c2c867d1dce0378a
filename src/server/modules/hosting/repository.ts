import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { ParticipantStatus } from "#contract/events";
import type { UpdateAudience } from "#contract/hosting";
import type { Db, Tx } from "#server/db/client";
import { events } from "#server/modules/events/schema";
import { eventParticipants } from "#server/modules/participants/schema";
import { users } from "#server/modules/users/schema";
import { notBlocked } from "../safety";
import { eventCohosts, eventUpdates } from "./schema";

/** An event's row, as the events module reads it. */
export type EventRow = typeof events.$inferSelect;

const userColumns = {
  id: users.id,
  fullName: users.fullName,
  username: users.username,
  profileImage: users.profileImage,
};

/** Deletes, within the caller's transaction, the updates the person wrote to other hosts' guests. */
export async function forgetUpdatesBy(db: Tx, authorId: number) {
  await db.delete(eventUpdates).where(eq(eventUpdates.authorId, authorId));
}

/** Co-hosts, updates to guests and the hosts' guest list: the hosting tables, and reads of who takes part. */
export function hostingRepository(db: Db) {
  return {
    async isCohost(eventId: number, userId: number) {
      const [row] = await db
        .select({ userId: eventCohosts.userId })
        .from(eventCohosts)
        .where(and(eq(eventCohosts.eventId, eventId), eq(eventCohosts.userId, userId)))
        .limit(1);
      return Boolean(row);
    },
    async cohostsOf(eventId: number) {
      return db
        .select(userColumns)
        .from(eventCohosts)
        .innerJoin(users, eq(users.id, eventCohosts.userId))
        .where(eq(eventCohosts.eventId, eventId))
        .orderBy(asc(eventCohosts.createdAt), asc(eventCohosts.userId));
    },
    async cohostsOfMany(eventIds: number[]) {
      if (eventIds.length === 0) return [];
      return db
        .select({ eventId: eventCohosts.eventId, user: userColumns })
        .from(eventCohosts)
        .innerJoin(users, eq(users.id, eventCohosts.userId))
        .where(inArray(eventCohosts.eventId, eventIds))
        .orderBy(asc(eventCohosts.createdAt), asc(eventCohosts.userId));
    },
    async cohostIdsOf(eventId: number) {
      const rows = await db
        .select({ userId: eventCohosts.userId })
        .from(eventCohosts)
        .where(eq(eventCohosts.eventId, eventId));
      return rows.map((r) => r.userId);
    },
    async cohostedEventIds(userId: number) {
      const rows = await db
        .select({ eventId: eventCohosts.eventId })
        .from(eventCohosts)
        .where(eq(eventCohosts.userId, userId))
        .orderBy(desc(eventCohosts.createdAt))
        .limit(500);
      return rows.map((r) => r.eventId);
    },
    async addCohost(eventId: number, userId: number) {
      await db.insert(eventCohosts).values({ eventId, userId }).onConflictDoNothing();
    },
    /** True when a co-host was removed. */
    async removeCohost(eventId: number, userId: number) {
      const rows = await db
        .delete(eventCohosts)
        .where(and(eq(eventCohosts.eventId, eventId), eq(eventCohosts.userId, userId)))
        .returning({ userId: eventCohosts.userId });
      return rows.length > 0;
    },

    async upcomingOccurrences(seriesId: number, now: Date) {
      return db
        .select({ id: events.id, date: events.date })
        .from(events)
        .where(and(eq(events.seriesId, seriesId), gt(events.date, now), isNull(events.canceledAt)))
        .orderBy(asc(events.date), asc(events.id))
        .limit(60);
    },
    /** Events both people were checked in at, latest first (a moderator-hidden one is left out). */
    async metAt(viewerId: number, otherId: number) {
      return db
        .select({ eventId: events.id, title: events.title, date: events.date })
        .from(events)
        .where(
          and(
            isNull(events.hiddenAt),
            sql`exists (select 1 from event_participants a where a.event_id = ${events.id} and a.user_id = ${viewerId} and a.checked_in_at is not null)`,
            sql`exists (select 1 from event_participants b where b.event_id = ${events.id} and b.user_id = ${otherId} and b.checked_in_at is not null)`,
          ),
        )
        .orderBy(desc(events.date))
        .limit(5);
    },
    async participant(eventId: number, userId: number) {
      const [row] = await db
        .select()
        .from(eventParticipants)
        .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
        .limit(1);
      return row;
    },
    async userIdsWithStatus(eventId: number, statuses: ParticipantStatus[]) {
      const rows = await db
        .select({ userId: eventParticipants.userId })
        .from(eventParticipants)
        .where(and(eq(eventParticipants.eventId, eventId), inArray(eventParticipants.status, statuses)));
      return rows.map((r) => r.userId);
    },
    /** Everyone who answered, oldest answer first (a guest list stays below a few thousand rows). */
    /** Everyone who answered, but no one the viewing host blocked or was blocked by (as if gone). */
    async guests(eventId: number, viewerId: number) {
      return db
        .select({
          user: userColumns,
          status: eventParticipants.status,
          answers: eventParticipants.answers,
          guests: eventParticipants.guests,
          checkedInAt: eventParticipants.checkedInAt,
          createdAt: eventParticipants.createdAt,
        })
        .from(eventParticipants)
        .innerJoin(users, eq(users.id, eventParticipants.userId))
        .where(and(eq(eventParticipants.eventId, eventId), notBlocked(viewerId, eventParticipants.userId)))
        .orderBy(asc(eventParticipants.createdAt), asc(eventParticipants.userId))
        .limit(5000);
    },
    /**
     * Stores an update unless the event already sent its day's budget: the event's row is locked first, so
     * concurrent sends are counted one after another and the budget holds on every instance.
     */
    async insertUpdateWithinBudget(
      values: { eventId: number; authorId: number; message: string; audience: UpdateAudience[] },
      budget: { max: number; since: Date },
    ) {
      return db.transaction(async (tx) => {
        await tx.select({ id: events.id }).from(events).where(eq(events.id, values.eventId)).for("update");
        const [{ n }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(eventUpdates)
          .where(and(eq(eventUpdates.eventId, values.eventId), gt(eventUpdates.createdAt, budget.since)));
        if (n >= budget.max) return null;
        const [row] = await tx.insert(eventUpdates).values(values).returning();
        return row;
      });
    },
    /** Newest first; `audience` keeps only the updates sent to that status (hosts read them all). */
    async updates(eventId: number, page: { take: number; before?: number }, audience?: UpdateAudience) {
      return db
        .select({
          id: eventUpdates.id,
          eventId: eventUpdates.eventId,
          message: eventUpdates.message,
          audience: eventUpdates.audience,
          createdAt: eventUpdates.createdAt,
          author: userColumns,
        })
        .from(eventUpdates)
        .leftJoin(users, eq(users.id, eventUpdates.authorId))
        .where(
          and(
            eq(eventUpdates.eventId, eventId),
            page.before ? lt(eventUpdates.id, page.before) : undefined,
            audience ? sql`${audience} = any(${eventUpdates.audience})` : undefined,
          ),
        )
        .orderBy(desc(eventUpdates.id))
        .limit(page.take);
    },
  };
}
export type HostingRepository = ReturnType<typeof hostingRepository>;
