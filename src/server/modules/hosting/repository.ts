import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { ParticipantStatus } from "#contract/events";
import type { UpdateAudience } from "#contract/hosting";
import type { Db, Tx } from "#server/db/client";
import { events } from "#server/modules/events/read-sql";
import { eventParticipants } from "#server/modules/participants/read-sql";
import { personSummary, users } from "#server/modules/users/read-sql";
import { eventVisibleTo, notBlocked, personVisibleTo } from "../visibility";
import { eventCohosts, eventUpdates } from "./schema";

/** An event's row, as the events module reads it. */
export type EventRow = typeof events.$inferSelect;

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
    /** The event's co-hosts the viewer may see: one blocked either way with them is left out. */
    async cohostsOf(eventId: number, viewerId: number) {
      return db
        .select(personSummary)
        .from(eventCohosts)
        .innerJoin(users, eq(users.id, eventCohosts.userId))
        .where(and(eq(eventCohosts.eventId, eventId), personVisibleTo(viewerId, eventCohosts.userId)))
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
    /** These people co-host each of these events (one statement: all of them or none). */
    async addCohosts(eventIds: number[], userIds: number[]) {
      const rows = eventIds.flatMap((eventId) => userIds.map((userId) => ({ eventId, userId })));
      if (rows.length) await db.insert(eventCohosts).values(rows).onConflictDoNothing();
    },
    /** True when a co-host was removed from any of these events. */
    async removeCohost(eventIds: number[], userId: number) {
      const rows = await db
        .delete(eventCohosts)
        .where(and(inArray(eventCohosts.eventId, eventIds), eq(eventCohosts.userId, userId)))
        .returning({ userId: eventCohosts.userId });
      return rows.length > 0;
    },
    /** This occurrence and the later ones of its series that are not canceled. */
    async followingOccurrenceIds(seriesId: number, from: Date) {
      const rows = await db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.seriesId, seriesId), gte(events.date, from), isNull(events.canceledAt)))
        .orderBy(asc(events.date))
        .limit(60);
      return rows.map((r) => r.id);
    },

    async upcomingOccurrences(seriesId: number, now: Date) {
      return db
        .select({ id: events.id, date: events.date })
        .from(events)
        .where(and(eq(events.seriesId, seriesId), gt(events.date, now), isNull(events.canceledAt)))
        .orderBy(asc(events.date), asc(events.id))
        .limit(60);
    },
    /** Events both people were checked in at, latest first: none across a block, none hidden or out of the viewer's sight. */
    async metAt(viewerId: number, otherId: number) {
      return db
        .select({ eventId: events.id, title: events.title, date: events.date })
        .from(events)
        .where(
          and(
            personVisibleTo(viewerId, otherId),
            eventVisibleTo(viewerId, events),
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
          user: personSummary,
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
    async holderOfDoorCode(eventId: number, code: string) {
      const [row] = await db
        .select({ userId: eventParticipants.userId })
        .from(eventParticipants)
        .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.doorCode, code)))
        .limit(1);
      return row?.userId ?? null;
    },

    /**
     * Stores an update unless its event already sent its day's budget, or one of its recipients (everyone but the
     * author whose status the update is for) already got the budget from the event's series. The series' first
     * date is locked first, so concurrent sends to any of its dates are counted one after another and the
     * budget holds on every instance.
     */
    async insertUpdateWithinBudget(
      values: { eventId: number; authorId: number; message: string; audience: UpdateAudience[] },
      budget: { max: number; since: Date },
    ): Promise<{ stored: typeof eventUpdates.$inferSelect } | { refused: "event" | "recipient" }> {
      return db.transaction(async (tx) => {
        const [event] = await tx
          .select({ id: events.id, seriesId: events.seriesId })
          .from(events)
          .where(eq(events.id, values.eventId));
        await tx
          .select({ id: events.id })
          .from(events)
          .where(eq(events.id, event.seriesId ?? event.id))
          .for("update");
        const [{ n }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(eventUpdates)
          .where(and(eq(eventUpdates.eventId, values.eventId), gt(eventUpdates.createdAt, budget.since)));
        if (n >= budget.max) return { refused: "event" as const };
        if (event.seriesId != null) {
          const statuses = sql.join(
            values.audience.map((status) => sql`${status}`),
            sql`, `,
          );
          // Per recipient: the series' updates of the last day whose audience held the status they have there.
          const { rows } = (await tx.execute(sql`
            select coalesce(max(per_recipient.n), 0)::int as n from (
              select count(*) as n
              from event_updates u
              join events e on e.id = u.event_id and e.series_id = ${event.seriesId}
              join event_participants p on p.event_id = u.event_id and p.status = any(u.audience)
              where u.created_at > ${budget.since.toISOString()}
                and p.user_id in (
                  select r.user_id from event_participants r
                  where r.event_id = ${values.eventId} and r.user_id <> ${values.authorId}
                    and r.status in (${statuses}))
              group by p.user_id
            ) per_recipient`)) as unknown as { rows: { n: number }[] };
          if ((rows[0]?.n ?? 0) >= budget.max) return { refused: "recipient" as const };
        }
        const [stored] = await tx.insert(eventUpdates).values(values).returning();
        return { stored };
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
          author: personSummary,
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
