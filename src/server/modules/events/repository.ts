import { and, asc, desc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { CATEGORIES, type CategoryId } from "../../../contract/categories";
import type { ParticipantStatus } from "../../../contract/events";
import { EARTH_RADIUS_KM, PAGE_SIZE_DEFAULT } from "../../../contract/limits";
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

/** A (date, id) position in the feed's date order; dates as epoch microseconds so nothing is rounded away. */
export interface FeedMark {
  us: number;
  id: number;
}

/**
 * Where the next page starts: the candidate window (after, end] in date order, and inside it the last
 * ranked row handed out (null when the window has not been read yet).
 */
export interface FeedCursor {
  after: FeedMark | null;
  end: FeedMark | null;
  last: { score: number; us: number; id: number } | null;
}

/**
 * How many upcoming events one window scores: the soonest eligible events for the type, position and
 * search. The deck ranks inside a window and the chips count the same window; paging past its end
 * opens the next window. See docs/decisions/003-feed-candidate-window.md.
 */
export const FEED_WINDOW = 500;
/**
 * A text search cannot use an index, so with a search a window looks at no more than the next
 * FEED_SEARCH_SCAN events of the type in date order; the next window continues after the last one looked at.
 */
export const FEED_SEARCH_SCAN = 5000;

export interface FeedRow {
  id: number;
  date_us: number;
  distance_km: number | null;
  tag_overlap: number;
  matched_tag: string | null;
  friends_going: number;
  fits: boolean;
  score: number;
}

export interface FeedWindowPage {
  rows: FeedRow[];
  counts: Record<string, number>;
  /** Eligible events in the window. */
  size: number;
  /** Where the window ends in date order; the next window starts after it. */
  end: FeedMark | null;
  /** Whether events may lie after end (the window filled up, or a search scan hit its bound). */
  more: boolean;
}

const markSql = (m: FeedMark) => sql`(timestamptz 'epoch' + ${m.us}::bigint * interval '1 microsecond')`;
const afterMark = (m: FeedMark) => sql`(e.date, e.id) > (${markSql(m)}, ${m.id}::int)`;
const upToMark = (m: FeedMark) => sql`(e.date, e.id) <= (${markSql(m)}, ${m.id}::int)`;
const dateUs = (alias: string) => sql.raw(`(extract(epoch from ${alias}.date) * 1000000)::bigint`);

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

/** The feed's one statement: the window, its ranked page, its chip counts and where it ends. */
function feedWindowQuery(c: FeedCriteria, s: ScoreInputs, filter: CategoryId, limit: number, cursor: FeedCursor | null): SQL {
    // Time zone conversion is the costliest per-row step; without published free slots nothing can fit.
    const local = sql`(select e.date at time zone ${s.timezone})`;
    const fits =
      s.freeSlots.length === 0
        ? sql`false`
        : sql`(select (to_char(l, 'YYYY-MM-DD') || '|' || (${textArray(SLOT_BY_BLOCK)})[floor(extract(hour from l) / 3)::int + 1])
            = any(${textArray(s.freeSlots)}) from ${local} as lt(l))`;
    const distance = c.position ? distanceExpr(c.position.lat, c.position.lng) : sql`null::float8`;
    const distancePoints = c.position
      ? sql`greatest(0, round(${SCORE.distance} * (1 - ${distance} / ${c.position.radiusKm})))`
      : sql`0`;
    const interests = textArray(s.interests);
    const windowWhere = [baseWhere(c)];
    if (cursor?.after) windowWhere.push(afterMark(cursor.after));
    if (cursor?.end) windowWhere.push(upToMark(cursor.end));
    const last = cursor?.last;
    const lastWhere = last
      ? sql`and (s.score < ${last.score} or (s.score = ${last.score} and (s.date_us > ${last.us}::bigint
          or (s.date_us = ${last.us}::bigint and s.id > ${last.id}))))`
      : sql``;
    // Friends going: one probe of the friends' rows on the (user_id, status) index, not one per event.
    const friendsGoing =
      s.friendIds.length === 0
        ? sql`select null::int as event_id, 0 as n where false`
        : sql`select fp.event_id, count(*)::int as n from event_participants fp
            where fp.user_id = any(${intArray(s.friendIds)}) and fp.status = 'going'
              and fp.event_id in (select id from win)
            group by fp.event_id`;
    const cursorRange: SQL[] = [];
    if (cursor?.after) cursorRange.push(afterMark(cursor.after));
    if (cursor?.end) cursorRange.push(upToMark(cursor.end));
    // With a search: the next FEED_SEARCH_SCAN events of the type by date (events_type_date_idx); the window
    // reads from that scan, so the search never runs over more rows than it.
    const scanCte = c.q
      ? sql`with scan as materialized (
          select e.id, e.date, e.type, e.title, e.description, e.location, e.tags, e.lat, e.lng, e.host_id,
            e.canceled_at, e.group_id, e.max_attendees, e.going_count
          from events e
          where ${sql.join([sql`e.type = ${c.type}`, sql`e.date > ${c.now.toISOString()}::timestamptz`, ...cursorRange], sql` and `)}
          order by e.date, e.id
          limit ${FEED_SEARCH_SCAN}
        ),`
      : sql`with`;
    const winTail = sql`select e.id, ${dateUs("e")} as us from win e order by e.date desc, e.id desc limit 1`;
    const scanTail = sql`select e.id, ${dateUs("e")} as us from scan e order by e.date desc, e.id desc limit 1`;
    const winFull = sql`(select count(*) from win) >= ${FEED_WINDOW}`;
    const scanFull = sql`(select count(*) from scan) >= ${FEED_SEARCH_SCAN}`;
    // A full window ends at its last event; a window cut short by the scan bound ends where the scan stopped.
    const tail = c.q
      ? sql`select * from (${winTail}) w where ${winFull} union all select * from (${scanTail}) x where not ${winFull}`
      : winTail;
    const more = c.q ? sql`(${winFull} or ${scanFull})` : winFull;
    const countColumns = CATEGORIES.map(
      (cat) => sql`${cat.id}::text, count(*) filter (where ${categoryCondition(cat.id)})`,
    );
  return sql`
      ${scanCte}
      win as materialized (
        select e.id, e.date, e.title, e.tags, e.lat, e.lng from ${c.q ? sql`scan` : sql`events`} e
        where ${sql.join(windowWhere, sql` and `)}
        order by e.date, e.id
        limit ${FEED_WINDOW}
      ),
      fg as (${friendsGoing}),
      scored as (
        select m.*, (
          least(m.tag_overlap, ${SCORE.maxTags}) * ${SCORE.perTag}
          + least(m.friends_going, ${SCORE.maxFriends}) * ${SCORE.perFriend}
          + case when m.fits then ${SCORE.availability} else 0 end
          + m.distance_points)::int as score
        from (
          select e.id, ${dateUs("e")} as date_us, ${distance} as distance_km, (${distancePoints})::int as distance_points,
            (select count(*) from unnest(e.tags) t where lower(t) = any(${interests}))::int as tag_overlap,
            (select t from unnest(e.tags) t where lower(t) = any(${interests}) limit 1) as matched_tag,
            coalesce(fg.n, 0) as friends_going,
            ${fits} as fits
          from win e left join fg on fg.event_id = e.id
          where ${categoryCondition(filter)}
        ) m
      ),
      page as (
        select s.id, s.date_us, s.distance_km, s.tag_overlap, s.matched_tag, s.friends_going, s.fits, s.score
        from scored s where true ${lastWhere}
        order by s.score desc, s.date_us asc, s.id asc
        limit ${limit}
      ),
      tail as (${tail})
      select
        (select json_agg(p order by p.score desc, p.date_us asc, p.id asc) from page p) as rows,
        (select json_build_object(${sql.join(countColumns, sql`, `)}) from win e) as counts,
        (select count(*)::int from win) as size,
        ${more} as more,
        (select us from tail) as end_us,
        (select id from tail) as end_id`;
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

    /**
     * One page of the ranked feed inside one candidate window, with the window's chip counts, in one
     * statement. The window is the first FEED_WINDOW eligible events after cursor.after in (date, id)
     * order (bounded by cursor.end once known), so the work is bounded by the window, not the table;
     * inside it: score desc, then the earlier date, then id.
     */
    async feedWindowPage(
      c: FeedCriteria,
      s: ScoreInputs,
      filter: CategoryId,
      limit: number,
      cursor: FeedCursor | null,
    ): Promise<FeedWindowPage> {
      const [row] = await rows<{
        rows: FeedRow[] | null;
        counts: Record<string, number>;
        size: number;
        more: boolean;
        end_us: number | null;
        end_id: number | null;
      }>(
        feedWindowQuery(c, s, filter, limit, cursor),
      );
      return {
        rows: (row?.rows ?? []).map((r) => ({ ...r, date_us: Number(r.date_us) })),
        counts: row?.counts ?? {},
        size: row?.size ?? 0,
        more: row?.more ?? false,
        end: row?.end_us == null || row.end_id == null ? null : { us: Number(row.end_us), id: row.end_id },
      };
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

    /** The plan of the feed's statement (EXPLAIN, or EXPLAIN ANALYZE with timings). */
    async explainFeed(c: FeedCriteria, s: ScoreInputs, filter: CategoryId, analyze = false, cursor: FeedCursor | null = null) {
      const query = feedWindowQuery(c, s, filter, PAGE_SIZE_DEFAULT + 1, cursor);
      const plan = await rows<{ "QUERY PLAN": string }>(analyze ? sql`explain analyze ${query}` : sql`explain ${query}`);
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
