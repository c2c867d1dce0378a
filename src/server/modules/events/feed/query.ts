import { type SQL, sql } from "drizzle-orm";
import { CATEGORIES, type CategoryId } from "../../../../contract/categories";
import { EARTH_RADIUS_KM } from "../../../../contract/limits";
import { slotForHour } from "../../../../contract/time-slots";
import type { FeedCursor, FeedMark } from "./cursor";
import { SCORE } from "./reasons";

/** Arrays travel as one JSON parameter: the same SQL works on PGlite and node-postgres. */
export const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
export const intArray = (values: readonly number[]) =>
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
export function feedWindowQuery(c: FeedCriteria, s: ScoreInputs, filter: CategoryId, limit: number, cursor: FeedCursor | null): SQL {
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

