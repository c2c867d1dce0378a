import { and, asc, desc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { CATEGORIES, type CategoryId } from "../../../contract/categories";
import type { ParticipantStatus } from "../../../contract/events";
import { EARTH_RADIUS_KM } from "../../../contract/limits";
import { slotForHour } from "../../../contract/time-slots";
import type { Db } from "../../db/client";
import { availability, eventInteractions, eventParticipants, events, friendships, groupMembers, users } from "../../db/schema";

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
export type UserRow = typeof users.$inferSelect;

/** Arrays travel as one JSON parameter: the same SQL works on PGlite and node-postgres. */
const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
const intArray = (values: readonly number[]) =>
  sql`array(select (jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::int)`;

/** Slot id by floor(hour / 3), derived from the contract so SQL and slotForHour agree. */
const SLOT_BY_BLOCK = Array.from({ length: 8 }, (_, block) => slotForHour(block * 3));

/** Spec 01 §5 category rules in SQL; mirrors matchesCategory (tested against it). */
export function categoryCondition(id: CategoryId): SQL {
  const category = CATEGORIES.find((c) => c.id === id);
  if (!category || id === "all") return sql`true`;
  const parts: SQL[] = [];
  if (category.tags.length > 0) {
    parts.push(sql`exists (select 1 from unnest(e.tags) ct where lower(ct) = any(${textArray(category.tags)}))`);
  }
  for (const word of category.titleWords) parts.push(sql`position(${word} in lower(e.title)) > 0`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

function searchCondition(q: string): SQL {
  const needle = q.toLowerCase();
  return sql`(position(${needle} in lower(e.title)) > 0
    or position(${needle} in lower(e.description)) > 0
    or position(${needle} in lower(e.location)) > 0
    or exists (select 1 from unnest(e.tags) st where position(${needle} in lower(st)) > 0))`;
}

const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

function distanceExpr(lat: number, lng: number): SQL {
  return sql`(2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
    power(sin(radians(e.lat - ${lat}) / 2), 2) +
    cos(radians(${lat}::float8)) * cos(radians(e.lat)) * power(sin(radians(e.lng - ${lng}) / 2), 2)))))`;
}

export interface FeedCriteria {
  userId: number;
  type: string;
  q?: string;
  position?: { lat: number; lng: number; radiusKm: number };
  now: Date;
}

export interface ScoreInputs {
  interests: string[];
  friendIds: number[];
  /** "YYYY-MM-DD|slot" pairs the user published as free. */
  freeSlots: string[];
  timezone: string;
}

export interface FeedCursor {
  score: number;
  date: string;
  id: number;
}

export interface FeedRow {
  id: number;
  distance_km: number | null;
  tag_overlap: number;
  matched_tag: string | null;
  friends_going: number;
  fits: boolean;
  score: number;
  date: Date | string;
}

/** What the user may still answer: the feed's base set, shared by the deck and the chip counts. */
function baseWhere(c: FeedCriteria): SQL {
  const parts: SQL[] = [
    sql`e.type = ${c.type}`,
    sql`e.date > ${c.now.toISOString()}::timestamptz`,
    sql`e.canceled_at is null`,
    sql`e.group_id is null`,
    sql`e.host_id <> ${c.userId}`,
    // A full event cannot be joined from the deck; its page offers the waitlist.
    sql`(e.max_attendees is null or e.going_count < e.max_attendees)`,
    sql`not exists (select 1 from event_interactions i where i.user_id = ${c.userId} and i.event_id = e.id)`,
    sql`not exists (select 1 from event_participants p where p.user_id = ${c.userId} and p.event_id = e.id)`,
  ];
  if (c.position) {
    const { lat, lng, radiusKm } = c.position;
    // A bounding box the lat/lng index can serve, then the exact great-circle distance.
    const dLat = (radiusKm / KM_PER_DEGREE) * 1.01;
    const cos = Math.cos((lat * Math.PI) / 180);
    parts.push(sql`e.lat between ${lat - dLat} and ${lat + dLat}`);
    if (cos > 0.01 && radiusKm / (KM_PER_DEGREE * cos) < 180) {
      const dLng = (radiusKm / (KM_PER_DEGREE * cos)) * 1.01;
      parts.push(sql`e.lng between ${lng - dLng} and ${lng + dLng}`);
    }
    parts.push(sql`${distanceExpr(lat, lng)} <= ${radiusKm}`);
  }
  if (c.q) parts.push(searchCondition(c.q));
  return sql.join(parts, sql` and `);
}

/** Match score weights: documented in docs/api.md so the ranking stays explainable. */
export const SCORE = { perTag: 30, maxTags: 3, perFriend: 20, maxFriends: 3, availability: 25, distance: 10 } as const;

export function eventsRepository(db: Db) {
  return {
    ...eventQueries(db),
    /** Runs fn on one transaction's queries: the cap check, the count and the row change commit together. */
    async transaction<T>(fn: (tx: EventQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => fn(eventQueries(tx as unknown as Db)));
    },
  };
}
export type EventsRepository = ReturnType<typeof eventsRepository>;

function eventQueries(db: Db) {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {

    async insertEvent(values: NewEventRow) {
      const [row] = await db.insert(events).values(values).returning();
      return row;
    },
    async findEvent(id: number) {
      const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
      return row;
    },
    async updateEvent(id: number, values: Partial<NewEventRow>) {
      const [row] = await db.update(events).set(values).where(eq(events.id, id)).returning();
      return row;
    },
    async findUser(id: number) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findUsers(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(users).where(inArray(users.id, ids));
    },
    async listUsers(afterId: number, limit: number) {
      return db.select().from(users).where(sql`${users.id} > ${afterId}`).orderBy(asc(users.id)).limit(limit);
    },
    async isGroupMember(groupId: number, userId: number) {
      const [row] = await db
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
        .limit(1);
      return Boolean(row);
    },

    async friendIds(userId: number): Promise<number[]> {
      const found = await db
        .select({ requesterId: friendships.requesterId, addresseeId: friendships.addresseeId })
        .from(friendships)
        .where(
          and(
            eq(friendships.status, "accepted"),
            or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)),
          ),
        );
      return found.map((f) => (f.requesterId === userId ? f.addresseeId : f.requesterId));
    },
    async availabilityFrom(userId: number, fromDate: string) {
      return db
        .select({ date: availability.date, timeslots: availability.timeslots })
        .from(availability)
        .where(and(eq(availability.userId, userId), sql`${availability.date} >= ${fromDate}`));
    },

    /** One page of the ranked feed: score desc, then the earlier date, then id. */
    async feedPage(c: FeedCriteria, s: ScoreInputs, filter: CategoryId, limit: number, cursor: FeedCursor | null) {
      const local = sql`(e.date at time zone ${s.timezone})`;
      const distance = c.position ? distanceExpr(c.position.lat, c.position.lng) : sql`null::float8`;
      const distancePoints = c.position
        ? sql`greatest(0, round(${SCORE.distance} * (1 - ${distance} / ${c.position.radiusKm})))`
        : sql`0`;
      const interests = textArray(s.interests);
      const cursorWhere = cursor
        ? sql`where (s.score < ${cursor.score} or (s.score = ${cursor.score} and (s.date > ${cursor.date}::timestamptz
            or (s.date = ${cursor.date}::timestamptz and s.id > ${cursor.id}))))`
        : sql``;
      return rows<FeedRow>(sql`
        select s.* from (
          select m.*, (
            least(m.tag_overlap, ${SCORE.maxTags}) * ${SCORE.perTag}
            + least(m.friends_going, ${SCORE.maxFriends}) * ${SCORE.perFriend}
            + case when m.fits then ${SCORE.availability} else 0 end
            + m.distance_points)::int as score
          from (
            select e.id, e.date, ${distance} as distance_km, (${distancePoints})::int as distance_points,
              (select count(*) from unnest(e.tags) t where lower(t) = any(${interests}))::int as tag_overlap,
              (select t from unnest(e.tags) t where lower(t) = any(${interests}) limit 1) as matched_tag,
              (select count(*) from event_participants fp
                 where fp.event_id = e.id and fp.status = 'going' and fp.user_id = any(${intArray(s.friendIds)}))::int as friends_going,
              (to_char(${local}, 'YYYY-MM-DD') || '|' ||
                (${textArray(SLOT_BY_BLOCK)})[floor(extract(hour from ${local}) / 3)::int + 1]) = any(${textArray(s.freeSlots)}) as fits
            from events e
            where ${baseWhere(c)} and ${categoryCondition(filter)}
          ) m
        ) s
        ${cursorWhere}
        order by s.score desc, s.date asc, s.id asc
        limit ${limit}`);
    },

    /** Chip counts over the same base set (type, position, search), one scan. */
    async categoryCounts(c: FeedCriteria) {
      const columns = CATEGORIES.map((cat) => sql`(count(*) filter (where ${categoryCondition(cat.id)}))::int as ${sql.identifier(cat.id)}`);
      const [row] = await rows<Record<string, number>>(sql`select ${sql.join(columns, sql`, `)} from events e where ${baseWhere(c)}`);
      return row;
    },

    async findEventsByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(events).where(inArray(events.id, ids));
    },

    /** The first `perEvent` going attendees of each event, oldest first. */
    async attendeePreview(eventIds: number[], perEvent: number) {
      if (eventIds.length === 0) return [];
      return rows<{ event_id: number; id: number; full_name: string; username: string; profile_image: string | null }>(sql`
        select r.event_id, u.id, u.full_name, u.username, u.profile_image from (
          select p.event_id, p.user_id, row_number() over (partition by p.event_id order by p.created_at, p.user_id) as rn
          from event_participants p
          where p.event_id = any(${intArray(eventIds)}) and p.status = 'going'
        ) r join users u on u.id = r.user_id
        where r.rn <= ${perEvent}
        order by r.event_id, r.rn`);
    },

    async explainFeed(c: FeedCriteria, s: ScoreInputs, filter: CategoryId) {
      const plan = await rows<{ "QUERY PLAN": string }>(
        sql`explain select e.id from events e where ${baseWhere(c)} and ${categoryCondition(filter)} order by e.date limit 20`,
      );
      void s;
      return plan.map((r) => r["QUERY PLAN"]).join("\n");
    },

    async upsertInteraction(eventId: number, userId: number, action: "passed" | "liked") {
      const [row] = await db
        .insert(eventInteractions)
        .values({ eventId, userId, action })
        .onConflictDoUpdate({ target: [eventInteractions.userId, eventInteractions.eventId], set: { action } })
        .returning();
      return row;
    },

    async findParticipantForUpdate(eventId: number, userId: number) {
      const [row] = await db
        .select()
        .from(eventParticipants)
        .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)))
        .for("update")
        .limit(1);
      return row;
    },
    /** The capacity check and the increment are one statement: concurrent joins cannot overshoot. */
    async tryIncrementGoing(eventId: number): Promise<boolean> {
      const updated = await db
        .update(events)
        .set({ goingCount: sql`${events.goingCount} + 1` })
        .where(and(eq(events.id, eventId), or(isNull(events.maxAttendees), lt(events.goingCount, events.maxAttendees))))
        .returning({ id: events.id });
      return updated.length === 1;
    },
    async decrementGoing(eventId: number) {
      await db
        .update(events)
        .set({ goingCount: sql`greatest(${events.goingCount} - 1, 0)` })
        .where(eq(events.id, eventId));
    },
    async upsertParticipant(eventId: number, userId: number, status: ParticipantStatus) {
      const now = new Date();
      // Entering the waitlist (or a request) starts the clock that orders it: first come, first served.
      const restartClock = status === "waitlisted" || status === "pending";
      const [row] = await db
        .insert(eventParticipants)
        .values({ eventId, userId, status, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [eventParticipants.eventId, eventParticipants.userId],
          set: restartClock ? { status, updatedAt: now, createdAt: now } : { status, updatedAt: now },
        })
        .returning();
      return row;
    },
    async firstWaitlisted(eventId: number) {
      const [row] = await db
        .select()
        .from(eventParticipants)
        .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.status, "waitlisted")))
        .orderBy(asc(eventParticipants.createdAt), asc(eventParticipants.userId))
        .for("update")
        .limit(1);
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
    async participantsOf(eventIds: number[]) {
      if (eventIds.length === 0) return [];
      return db
        .select({ eventId: eventParticipants.eventId, userId: eventParticipants.userId, status: eventParticipants.status })
        .from(eventParticipants)
        .where(inArray(eventParticipants.eventId, eventIds))
        .orderBy(asc(eventParticipants.eventId), asc(eventParticipants.createdAt));
    },
    async participantsWithStatus(eventId: number, statuses: ParticipantStatus[]) {
      return db
        .select({ user: users, createdAt: eventParticipants.createdAt, status: eventParticipants.status })
        .from(eventParticipants)
        .innerJoin(users, eq(users.id, eventParticipants.userId))
        .where(and(eq(eventParticipants.eventId, eventId), inArray(eventParticipants.status, statuses)))
        .orderBy(asc(eventParticipants.createdAt), asc(eventParticipants.userId));
    },

    async hostedBy(userId: number) {
      return db
        .select()
        .from(events)
        .where(and(eq(events.hostId, userId), isNull(events.groupId)))
        .orderBy(asc(events.date))
        .limit(500);
    },
    async attendedBy(userId: number, statuses: ParticipantStatus[]) {
      return db
        .select({ event: events, status: eventParticipants.status })
        .from(eventParticipants)
        .innerJoin(events, eq(events.id, eventParticipants.eventId))
        .where(and(eq(eventParticipants.userId, userId), inArray(eventParticipants.status, statuses), ne(events.hostId, userId)))
        .orderBy(desc(events.date))
        .limit(500);
    },
  };
}
export type EventQueries = ReturnType<typeof eventQueries>;
