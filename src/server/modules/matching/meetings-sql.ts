import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { MeetingStatus } from "#contract/matching-texts";
import type { Db, Tx } from "#server/db/client";
import { events } from "#server/modules/events/read-sql";
import { users } from "#server/modules/users/read-sql";
import { eventVisibleTo, notBlocked, personVisibleTo } from "../visibility";
import { meetings } from "./schema";

/** Advisory lock classes (two-key form): a person's meetings, and an event's spots. Any numbers no other lock uses. */
const PERSON_LOCK = 7_202_001;
const SPOTS_LOCK = 7_202_002;
const HOLDING: MeetingStatus[] = ["pending", "accepted"];

const requester = alias(users, "requester");
const invitee = alias(users, "invitee");
const person = (u: typeof requester | typeof invitee) => ({
  id: u.id,
  fullName: u.fullName,
  username: u.username,
  profileImage: u.profileImage,
  timezone: u.timezone,
});
/** A meeting with both people and its event's title and zone: what answers, notices and calendars say. */
const withPeople = {
  meeting: meetings,
  requester: person(requester),
  invitee: person(invitee),
  event: { id: events.id, title: events.title, timezone: events.timezone, location: events.location },
};

/** Meetings with both people; `where` narrows them. */
function meetingsWithPeople(db: Tx, where: SQL | undefined) {
  return db
    .select(withPeople)
    .from(meetings)
    .innerJoin(requester, eq(requester.id, meetings.requesterId))
    .innerJoin(invitee, eq(invitee.id, meetings.inviteeId))
    .innerJoin(events, eq(events.id, meetings.eventId))
    .where(where)
    .orderBy(asc(meetings.startsAt), asc(meetings.id));
}

export type MeetingWithPeople = Awaited<ReturnType<typeof meetingsWithPeople>>[number];

/** Whether the person has a meeting in one of `statuses` overlapping [start, end), other than `except`. */
async function holdsTimeIn(
  tx: Tx,
  userId: number,
  slot: { start: Date; end: Date; except: number | null },
  statuses: MeetingStatus[],
) {
  const { start, end, except } = slot;
  const [row] = await tx
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      and(
        or(eq(meetings.requesterId, userId), eq(meetings.inviteeId, userId)),
        inArray(meetings.status, statuses),
        sql`${meetings.startsAt} < ${end.toISOString()}::timestamptz and ${meetings.endsAt} > ${start.toISOString()}::timestamptz`,
        except === null ? undefined : sql`${meetings.id} <> ${except}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The statements on one transaction that holds both people's locks (and the event's spots, when asked). */
function lockedStatements(tx: Tx) {
  return {
    /** Whether the person holds [start, end): a pending or accepted meeting (`accepted`: an accepted one) there. */
    holdsTimeIn: (userId: number, slot: { start: Date; end: Date; except: number | null }, acceptedOnly = false) =>
      holdsTimeIn(tx, userId, slot, acceptedOnly ? ["accepted"] : HOLDING),
    /** Requests the person sent at the event, whatever became of them. */
    async requestsSent(eventId: number, userId: number) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(meetings)
        .where(and(eq(meetings.eventId, eventId), eq(meetings.requesterId, userId)));
      return row?.n ?? 0;
    },
    async insert(values: typeof meetings.$inferInsert) {
      const [row] = await tx.insert(meetings).values(values).returning({ id: meetings.id });
      return row.id;
    },
    async meeting(id: number) {
      const [row] = await tx.select().from(meetings).where(eq(meetings.id, id)).for("update");
      return row;
    },
    async update(id: number, values: Partial<typeof meetings.$inferInsert>) {
      await tx
        .update(meetings)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(meetings.id, id));
    },
    /** The spots accepted meetings of the event hold at a time overlapping [start, end). */
    async spotsTaken(eventId: number, start: Date, end: Date) {
      const rows = await tx
        .select({ spot: meetings.spot })
        .from(meetings)
        .where(
          and(
            eq(meetings.eventId, eventId),
            eq(meetings.status, "accepted"),
            sql`${meetings.startsAt} < ${end.toISOString()}::timestamptz and ${meetings.endsAt} > ${start.toISOString()}::timestamptz`,
          ),
        );
      return new Set(rows.flatMap((r) => (r.spot ? [r.spot] : [])));
    },
  };
}
export type LockedStatements = ReturnType<typeof lockedStatements>;

/** The meetings table's statements. */
export function meetingsRepository(db: Db) {
  return {
    /**
     * Runs `work` in one transaction holding each person's meeting lock (in id order, so two never wait on
     * each other) and, with `spotsOf`, that event's spots lock after them: a check of who is free and the write
     * it allows are one step, whichever instance makes them.
     */
    inLock<T>(
      personIds: number[],
      spotsOf: number | null,
      work: (statements: LockedStatements) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        for (const id of [...new Set(personIds)].sort((a, b) => a - b))
          await tx.execute(sql`select pg_advisory_xact_lock(${PERSON_LOCK}, ${id})`);
        if (spotsOf !== null) await tx.execute(sql`select pg_advisory_xact_lock(${SPOTS_LOCK}, ${spotsOf})`);
        return work(lockedStatements(tx));
      });
    },

    /** One meeting with its people, as `viewerId` may read it (a party to it, no block between the two). */
    async meetingFor(id: number, viewerId: number) {
      const [row] = await meetingsWithPeople(
        db,
        and(
          eq(meetings.id, id),
          or(eq(meetings.requesterId, viewerId), eq(meetings.inviteeId, viewerId)),
          notBlocked(meetings.requesterId, meetings.inviteeId),
        ),
      );
      return row;
    },

    /** The viewer's meetings at the event, in time order; none with someone across a block. */
    async meetingsOf(eventId: number, viewerId: number) {
      return meetingsWithPeople(
        db,
        and(
          eq(meetings.eventId, eventId),
          or(eq(meetings.requesterId, viewerId), eq(meetings.inviteeId, viewerId)),
          personVisibleTo(
            viewerId,
            sql`case when ${meetings.requesterId} = ${viewerId} then ${meetings.inviteeId} else ${meetings.requesterId} end`,
          ),
        ),
      );
    },

    /** The times these people hold (pending or accepted meetings at any event) within [from, to). */
    async heldTimes(userIds: number[], from: Date, to: Date) {
      return db
        .select({ startsAt: meetings.startsAt, endsAt: meetings.endsAt })
        .from(meetings)
        .where(
          and(
            or(inArray(meetings.requesterId, userIds), inArray(meetings.inviteeId, userIds)),
            inArray(meetings.status, HOLDING),
            sql`${meetings.startsAt} < ${to.toISOString()}::timestamptz and ${meetings.endsAt} > ${from.toISOString()}::timestamptz`,
          ),
        );
    },

    /** The hosts' numbers: requests made, and how many are accepted, declined and canceled now. */
    async meetingCounts(eventId: number) {
      const [row] = await db
        .select({
          requests: sql<number>`count(*)::int`,
          accepted: sql<number>`(count(*) filter (where ${meetings.status} = 'accepted'))::int`,
          declined: sql<number>`(count(*) filter (where ${meetings.status} = 'declined'))::int`,
          canceled: sql<number>`(count(*) filter (where ${meetings.status} = 'canceled'))::int`,
        })
        .from(meetings)
        .where(eq(meetings.eventId, eventId));
      return row ?? { requests: 0, accepted: 0, declined: 0, canceled: 0 };
    },

    /**
     * The person's accepted meetings from `since` on, for their calendar: at events they may open that are not
     * hidden or canceled and still have matchmaking on, with someone not blocked either way.
     */
    async acceptedMeetingsOf(userId: number, since: Date) {
      return meetingsWithPeople(
        db,
        and(
          or(eq(meetings.requesterId, userId), eq(meetings.inviteeId, userId)),
          eq(meetings.status, "accepted"),
          sql`${meetings.startsAt} >= ${since.toISOString()}::timestamptz`,
          sql`${events.hiddenAt} is null and ${events.canceledAt} is null and ${events.matchmaking}`,
          eventVisibleTo(userId, events),
          notBlocked(meetings.requesterId, meetings.inviteeId),
        ),
      ).limit(200);
    },

    /** Cancels the pending and accepted meetings of `userId` (with `otherId` only, when given); returns them. */
    async cancelHeldBy(userId: number, otherId: number | null) {
      const between =
        otherId === null
          ? or(eq(meetings.requesterId, userId), eq(meetings.inviteeId, userId))
          : or(
              and(eq(meetings.requesterId, userId), eq(meetings.inviteeId, otherId)),
              and(eq(meetings.requesterId, otherId), eq(meetings.inviteeId, userId)),
            );
      const ids = await db
        .update(meetings)
        .set({ status: "canceled", updatedAt: new Date() })
        .where(and(between, inArray(meetings.status, HOLDING)))
        .returning({ id: meetings.id });
      if (ids.length === 0) return [];
      return meetingsWithPeople(
        db,
        inArray(
          meetings.id,
          ids.map((r) => r.id),
        ),
      );
    },

    /**
     * Claims the accepted meetings starting within `leadMs` of `now` (and not begun more than `lateMs` ago) that
     * were not reminded yet: one conditional update, so instances never remind twice. Meetings of a hidden or
     * canceled event, or one whose matchmaking is off, are not reminded.
     */
    async claimDueReminders(now: Date, leadMs: number) {
      const ids = await db
        .update(meetings)
        .set({ remindedAt: now })
        .where(
          and(
            eq(meetings.status, "accepted"),
            sql`${meetings.remindedAt} is null`,
            sql`${meetings.startsAt} <= ${new Date(now.getTime() + leadMs).toISOString()}::timestamptz`,
            sql`${meetings.startsAt} > ${now.toISOString()}::timestamptz`,
            sql`exists (select 1 from events re where re.id = ${meetings.eventId} and re.hidden_at is null
              and re.canceled_at is null and re.matchmaking)`,
          ),
        )
        .returning({ id: meetings.id });
      if (ids.length === 0) return [];
      return meetingsWithPeople(
        db,
        and(
          inArray(
            meetings.id,
            ids.map((r) => r.id),
          ),
          notBlocked(meetings.requesterId, meetings.inviteeId),
        ),
      );
    },
  };
}
