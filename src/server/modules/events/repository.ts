import { and, asc, desc, eq, gte, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { ParticipantStatus } from "#contract/events";
import type { Db, Tx } from "#server/db/client";
import { eventParticipants } from "#server/modules/participants/read-sql";
import { users } from "#server/modules/users/read-sql";
import { answerVisibleTo, eventVisibleTo } from "../visibility";
import { type EventRow, events, type NewEventRow } from "./schema";

export type { EventRow, NewEventRow } from "./schema";
export type UserRow = typeof users.$inferSelect;

/** An event as stored by a write: what the instances' kept feed cells need to hear of it. */
export type WrittenEvent = Pick<EventRow, "id" | "type" | "cell">;

/**
 * Takes `seats` of the event's count of seats taken, within the caller's transaction (the participants
 * module's, under the event's lock); false when they would overshoot the cap. The check and the increment
 * are one statement, so concurrent joins cannot overshoot.
 */
export async function takeSeats(tx: Tx, eventId: number, seats: number): Promise<boolean> {
  const updated = await tx
    .update(events)
    .set({ goingCount: sql`${events.goingCount} + ${seats}` })
    .where(
      and(
        eq(events.id, eventId),
        or(isNull(events.maxAttendees), sql`${events.goingCount} + ${seats} <= ${events.maxAttendees}`),
      ),
    )
    .returning({ id: events.id });
  return updated.length === 1;
}

/** Gives `seats` back to the event's count of seats taken, within the caller's transaction; never below zero. */
export async function giveBackSeats(tx: Tx, eventId: number, seats: number) {
  await tx
    .update(events)
    .set({ goingCount: sql`greatest(${events.goingCount} - ${seats}, 0)` })
    .where(eq(events.id, eventId));
}

/**
 * `written` hears every event this repository stored, once its write committed (the composition root
 * tells every instance on the bus, so their kept feed cells stay true).
 */
export function eventsRepository(db: Db, written: (rows: WrittenEvent[]) => void = () => {}) {
  return {
    ...eventQueries(db, written),
  };
}
export type EventsRepository = ReturnType<typeof eventsRepository>;

function eventQueries(db: Db, written: (rows: WrittenEvent[]) => void) {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const told = <T extends WrittenEvent | undefined>(stored: T[]) => {
    const known = stored.filter((row): row is NonNullable<T> => row !== undefined);
    if (known.length > 0) written(known.map(({ id, type, cell }) => ({ id, type, cell })));
    return stored;
  };

  return {
    async insertEvent(values: NewEventRow) {
      const [row] = told(await db.insert(events).values(values).returning());
      return row;
    },
    /** A series: the first occurrence is its series' id; every occurrence shares the values but its date. */
    async insertSeries(values: NewEventRow, recurrence: NonNullable<NewEventRow["recurrence"]>, dates: Date[]) {
      const stored = await db.transaction(async (tx) => {
        const [first] = await tx
          .insert(events)
          .values({ ...values, date: dates[0], recurrence })
          .returning();
        const [linked] = await tx.update(events).set({ seriesId: first.id }).where(eq(events.id, first.id)).returning();
        const later =
          dates.length > 1
            ? await tx
                .insert(events)
                .values(dates.slice(1).map((date) => ({ ...values, date, recurrence, seriesId: first.id })))
                .returning({ id: events.id, type: events.type, cell: events.cell })
            : [];
        return { linked, later };
      });
      told([stored.linked, ...stored.later]);
      return stored.linked;
    },
    /** This occurrence and the later ones of its series that are not canceled, in date order. */
    async followingOccurrences(seriesId: number, from: Date) {
      return db
        .select({ id: events.id, date: events.date })
        .from(events)
        .where(and(eq(events.seriesId, seriesId), gte(events.date, from), isNull(events.canceledAt)))
        .orderBy(asc(events.date), asc(events.id))
        .limit(60);
    },
    async findEvent(id: number) {
      const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
      return row;
    },
    /** Each event's changes, in one transaction: all are stored or none. */
    async updateEvents(changes: Array<{ id: number; values: Partial<NewEventRow> }>) {
      return told(
        await db.transaction(async (tx) => {
          const updated = [];
          for (const { id, values } of changes) {
            const [row] = await tx.update(events).set(values).where(eq(events.id, id)).returning();
            updated.push(row);
          }
          return updated;
        }),
      );
    },
    async updateEvent(id: number, values: Partial<NewEventRow>) {
      const [row] = told(await db.update(events).set(values).where(eq(events.id, id)).returning());
      return row;
    },
    async waitlistPosition(eventId: number, userId: number) {
      const [row] = await rows<{ position: number }>(sql`
        select count(*)::int as position from event_participants p, event_participants me
        where me.event_id = ${eventId} and me.user_id = ${userId} and me.status = 'waitlisted'
          and p.event_id = ${eventId} and p.status = 'waitlisted'
          and (p.created_at, p.user_id) <= (me.created_at, me.user_id)`);
      return row?.position || null;
    },
    async participantsWithStatus(eventId: number, statuses: ParticipantStatus[]) {
      return db
        .select({
          user: users,
          createdAt: eventParticipants.createdAt,
          status: eventParticipants.status,
          guests: eventParticipants.guests,
        })
        .from(eventParticipants)
        .innerJoin(users, eq(users.id, eventParticipants.userId))
        .where(and(eq(eventParticipants.eventId, eventId), inArray(eventParticipants.status, statuses)))
        .orderBy(asc(eventParticipants.createdAt), asc(eventParticipants.userId));
    },

    /** The first `limit` people going whom `viewerId` may see there (the guest list's rule, blocks), oldest answer first. */
    async goingSeenBy(eventId: number, viewerId: number, limit: number) {
      return db
        .select({ user: users, guests: eventParticipants.guests })
        .from(eventParticipants)
        .innerJoin(users, eq(users.id, eventParticipants.userId))
        .innerJoin(events, eq(events.id, eventParticipants.eventId))
        .where(
          and(
            eq(eventParticipants.eventId, eventId),
            eq(eventParticipants.status, "going"),
            answerVisibleTo(viewerId, eventParticipants, events),
          ),
        )
        .orderBy(asc(eventParticipants.createdAt), asc(eventParticipants.userId))
        .limit(limit);
    },

    /**
     * Events the user hosts, and `cohosted` (ids of events they co-host) while they may open them (not once
     * hidden, not across a block with the host or another co-host).
     */
    async hostedBy(userId: number, cohosted: number[] = []) {
      const hosts = cohosted.length
        ? or(eq(events.hostId, userId), inArray(events.id, cohosted))
        : eq(events.hostId, userId);
      return db
        .select()
        .from(events)
        .where(and(hosts, isNull(events.groupId), eventVisibleTo(userId, events)))
        .orderBy(asc(events.date))
        .limit(500);
    },
    async attendedBy(userId: number, statuses: ParticipantStatus[]) {
      return db
        .select({ event: events, status: eventParticipants.status })
        .from(eventParticipants)
        .innerJoin(events, eq(events.id, eventParticipants.eventId))
        .where(
          and(
            eq(eventParticipants.userId, userId),
            inArray(eventParticipants.status, statuses),
            ne(events.hostId, userId),
            // A hidden event, or one across a block with a host, is gone from the guests' own lists too.
            eventVisibleTo(userId, events),
          ),
        )
        .orderBy(desc(events.date))
        .limit(500);
    },
  };
}
