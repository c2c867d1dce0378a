import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { ParticipantStatus } from "#contract/events";
import type { KeysetPosition } from "#contract/fields";
import type { Db, Tx } from "#server/db/client";
import { isUniqueViolation } from "#server/db/errors";
import { afterKeyset, keysetTime } from "#server/http/pagination";
import { events } from "#server/modules/events/read-sql";
import { users } from "#server/modules/users/read-sql";
import { type EventRow, giveBackSeats, takeSeats } from "../events";
import { answerVisibleTo, eventVisibleTo, notBlocked } from "../visibility";
import { eventParticipants } from "./schema";

/** A transaction's handle, which the service hands to the modules whose writes commit with a change of answer. */
export type { Tx };

/** Who still expects each event to happen: those going, waiting for a seat or asking to join. */
export function peopleTakingPart(db: Tx, eventIds: number[]) {
  return db
    .select({ eventId: eventParticipants.eventId, userId: eventParticipants.userId })
    .from(eventParticipants)
    .where(
      and(
        inArray(eventParticipants.eventId, eventIds),
        inArray(eventParticipants.status, ["going", "pending", "waitlisted"]),
      ),
    );
}

/** A person's answer to an event (their row of event_participants), or undefined when they gave none. */
async function findParticipant(db: Tx, eventId: number, userId: number) {
  const [row] = await db
    .select()
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
    .limit(1);
  return row;
}

/** Whether the person still has an answer on any event (account deletion waits for every seat to be given back). */
export async function answersAnyEvent(db: Tx, userId: number) {
  const [row] = await db
    .select({ eventId: eventParticipants.eventId })
    .from(eventParticipants)
    .where(eq(eventParticipants.userId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * Who takes part in which event: joining, leaving, the waitlist, approvals, check-ins and releases write
 * event_participants here, and nowhere else, and have the events module count the seats taken
 * (events.going_count); a seat changes only under the event's row lock.
 */
export function participantsRepository(db: Db) {
  return {
    ...participantQueries(db),
    /**
     * Runs fn in one transaction that first locks the event's row. Every change to one event's
     * participants therefore runs one after another, and always takes its locks in the same order
     * (the event, then participant rows): a user's own concurrent joins cannot both see "no row yet",
     * and a leaver promoting a waitlisted user cannot deadlock with that user's own toggle.
     */
    async changeParticipation<T>(
      eventId: number,
      fn: (tx: ParticipantQueries, event: EventRow) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const queries = participantQueries(tx as unknown as Db);
        const [event] = await (tx as unknown as Db)
          .select()
          .from(events)
          .where(eq(events.id, eventId))
          .for("update")
          .limit(1);
        if (!event) throw new Error(`event ${eventId} vanished`);
        return fn(queries, event);
      });
    },
  };
}
export type ParticipantsRepository = ReturnType<typeof participantsRepository>;

function participantQueries(db: Db) {
  return {
    /** The transaction itself: another module's write that must commit with this change takes it. */
    transaction: db as Tx,
    /** Under the event's lock it reads the transaction's own rows. */
    findParticipant: (eventId: number, userId: number) => findParticipant(db, eventId, userId),
    /** The events module keeps the count of seats taken: the cap's check and the increment are one statement. */
    tryIncrementGoing: (eventId: number, seats = 1) => takeSeats(db, eventId, seats),
    decrementGoing: (eventId: number, seats = 1) => giveBackSeats(db, eventId, seats),
    /** `response` (answers and plus-ones) is written when given, else the row keeps its own. */
    async upsertParticipant(
      eventId: number,
      userId: number,
      status: ParticipantStatus,
      response?: { answers: Record<string, string>; guests: number },
    ) {
      const now = new Date();
      // Entering the waitlist (or a request) starts the clock that orders it: first come, first served.
      const restartClock = status === "waitlisted" || status === "pending";
      const [row] = await db
        .insert(eventParticipants)
        .values({ eventId, userId, status, createdAt: now, updatedAt: now, ...response })
        .onConflictDoUpdate({
          target: [eventParticipants.eventId, eventParticipants.userId],
          // Any answer of the person's own ends a seat offer waiting for their confirmation.
          set: restartClock
            ? { status, updatedAt: now, createdAt: now, confirmBy: null, ...response }
            : { status, updatedAt: now, confirmBy: null, ...response },
        })
        .returning();
      return row;
    },
    /** A seat offered from the waitlist stays the person's until `until` unless they confirm it. */
    async offerSeat(eventId: number, userId: number, until: Date) {
      await db
        .update(eventParticipants)
        .set({ confirmBy: until })
        .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)));
    },
    /** True when an offer was waiting (and is now confirmed). */
    async confirmSeat(eventId: number, userId: number, now: Date) {
      const rows = await db
        .update(eventParticipants)
        .set({ confirmBy: null, updatedAt: now })
        .where(
          and(
            eq(eventParticipants.eventId, eventId),
            eq(eventParticipants.userId, userId),
            eq(eventParticipants.status, "going"),
            gt(eventParticipants.confirmBy, now),
          ),
        )
        .returning({ userId: eventParticipants.userId });
      return rows.length > 0;
    },
    /** Offers whose hour ran out, oldest first. */
    async expiredOffers(now: Date, limit: number) {
      return db
        .select({ eventId: eventParticipants.eventId, userId: eventParticipants.userId })
        .from(eventParticipants)
        .where(and(lte(eventParticipants.confirmBy, now), eq(eventParticipants.status, "going")))
        .orderBy(asc(eventParticipants.confirmBy))
        .limit(limit);
    },
    /** Deletes the person's row (of one of `statuses` when given) and answers it, or undefined. */
    async deleteParticipant(eventId: number, userId: number, statuses?: ParticipantStatus[]) {
      const [row] = await db
        .delete(eventParticipants)
        .where(
          and(
            eq(eventParticipants.eventId, eventId),
            eq(eventParticipants.userId, userId),
            statuses ? inArray(eventParticipants.status, statuses) : undefined,
          ),
        )
        .returning();
      return row;
    },
    /** Every event the person has a row at (any status), in id order: the order their locks are taken in. */
    async eventIdsOf(userId: number) {
      const rows = await db
        .select({ eventId: eventParticipants.eventId })
        .from(eventParticipants)
        .where(eq(eventParticipants.userId, userId))
        .orderBy(asc(eventParticipants.eventId));
      return rows.map((r) => r.eventId);
    },
    /**
     * The upcoming events `hostId` hosts or co-hosts at which `guestId` has a row (any status), in id order:
     * what a block between the two takes the guest out of.
     */
    /**
     * The upcoming events the guest has an answer at that `personId` hosts (`role: "host"`), or co-hosts for
     * someone other than the guest (`role: "cohost"`, the host not `personId` either), in id order.
     */
    async upcomingEventsWith(
      personId: number,
      guestId: number,
      now: Date,
      role: "host" | "cohost",
      { openOnly = false }: { openOnly?: boolean } = {},
    ) {
      const theirs =
        role === "host"
          ? eq(events.hostId, personId)
          : and(
              sql`${events.hostId} <> ${personId} and ${events.hostId} <> ${guestId}`,
              sql`exists (select 1 from event_cohosts bc where bc.event_id = ${events.id} and bc.user_id = ${personId})`,
            );
      return (
        db
          .select({ id: events.id, title: events.title, date: events.date })
          .from(eventParticipants)
          .innerJoin(events, eq(events.id, eventParticipants.eventId))
          // Named to the guest (openOnly): only events they may still open, never a hidden one or a suspended
          // host's. A release reads them all: the block itself already closed the other's events to them.
          .where(
            and(
              eq(eventParticipants.userId, guestId),
              gt(events.date, now),
              theirs,
              openOnly ? eventVisibleTo(guestId, events) : undefined,
            ),
          )
          .orderBy(asc(eventParticipants.eventId))
      );
    },
    /**
     * Checks a going guest in, once: the condition and the write are one statement, so two scans of the
     * same code at once check in one and find the other already done.
     */
    async checkIn(eventId: number, userId: number, now: Date) {
      const [row] = await db
        .update(eventParticipants)
        .set({ checkedInAt: now })
        .where(
          and(
            eq(eventParticipants.eventId, eventId),
            eq(eventParticipants.userId, userId),
            eq(eventParticipants.status, "going"),
            isNull(eventParticipants.checkedInAt),
          ),
        )
        .returning({ checkedInAt: eventParticipants.checkedInAt });
      return row?.checkedInAt ?? null;
    },
    /**
     * Gives the guest's row this door code unless it has one; null when another guest of the event holds
     * the code (the unique index decides, also between instances), else the code the row now has.
     */
    async claimDoorCode(eventId: number, userId: number, code: string) {
      try {
        await db
          .update(eventParticipants)
          .set({ doorCode: code })
          .where(
            and(
              eq(eventParticipants.eventId, eventId),
              eq(eventParticipants.userId, userId),
              isNull(eventParticipants.doorCode),
            ),
          );
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
      const [row] = await db
        .select({ doorCode: eventParticipants.doorCode })
        .from(eventParticipants)
        .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)));
      return row?.doorCode ?? null;
    },
    async firstWaitlisted(eventId: number) {
      const [row] = await db
        .select()
        .from(eventParticipants)
        .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.status, "waitlisted")))
        .orderBy(asc(eventParticipants.createdAt), asc(eventParticipants.userId))
        .limit(1);
      return row;
    },
    /** Only rows of events the viewer may open, and only the answers the visibility rules show them. */
    async participantsOf(eventIds: number[], viewerId: number) {
      if (eventIds.length === 0) return [];
      return db
        .select({
          eventId: eventParticipants.eventId,
          userId: eventParticipants.userId,
          status: eventParticipants.status,
        })
        .from(eventParticipants)
        .innerJoin(events, eq(events.id, eventParticipants.eventId))
        .where(
          and(
            inArray(eventParticipants.eventId, eventIds),
            // The event as its page shows it to the viewer (hidden, group plans, blocks with its hosts), and
            // each answer as its guest list allows (pending ones to the hosts, nobody blocked either way).
            eventVisibleTo(viewerId, events),
            answerVisibleTo(viewerId, eventParticipants, events),
          ),
        )
        .orderBy(asc(eventParticipants.eventId), asc(eventParticipants.createdAt));
    },
    /** The requests `hostId` may answer: none from someone either of them blocked. */
    async pendingRequests(eventId: number, hostId: number, page: { take: number; after?: KeysetPosition }) {
      return db
        .select({
          user: users,
          createdAt: eventParticipants.createdAt,
          answers: eventParticipants.answers,
          guests: eventParticipants.guests,
        })
        .from(eventParticipants)
        .innerJoin(users, eq(users.id, eventParticipants.userId))
        .where(
          and(
            eq(eventParticipants.eventId, eventId),
            eq(eventParticipants.status, "pending"),
            notBlocked(hostId, eventParticipants.userId),
            afterKeyset(eventParticipants.createdAt, eventParticipants.userId, page.after),
          ),
        )
        .orderBy(keysetTime(eventParticipants.createdAt), asc(eventParticipants.userId))
        .limit(page.take);
    },
  };
}
export type ParticipantQueries = ReturnType<typeof participantQueries>;
