import { type SQL, sql } from "drizzle-orm";
import { CATEGORIES, type CategoryId } from "#contract/categories";
import { EARTH_RADIUS_KM } from "#contract/limits";
import { answerVisibleTo, eventColumns, eventListedFor, type SqlRef } from "../visibility";
import type { FeedMark, FeedRange } from "./cursor";
import { SCORE } from "./scoring";

/**
 * The grid behind `events.cell` (migration 0003): square cells of CELL_DEGREES in latitude and longitude.
 * The generated column and cellOf must compute the same number; both divide the same doubles.
 */
const CELL_DEGREES = 0.2;
const CELL_ROW_OFFSET = 450; // 90 / CELL_DEGREES
const CELL_COL_OFFSET = 900; // 180 / CELL_DEGREES
const CELL_ROW_WIDTH = 2000; // > 360 / CELL_DEGREES + 1
/**
 * A radius covering more cells than this (hundreds of km) reads the type/date index with the box instead:
 * there the soonest events of the whole region are the window anyway.
 */
const MAX_FEED_CELLS = 36;

export function cellOf(lat: number, lng: number): number {
  return (
    (Math.floor(lat / CELL_DEGREES) + CELL_ROW_OFFSET) * CELL_ROW_WIDTH +
    (Math.floor(lng / CELL_DEGREES) + CELL_COL_OFFSET)
  );
}

const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

/** The box around a point that holds every point within radiusKm (1 % slack), or null when it wraps a pole or the date line. */
function boundingBox(lat: number, lng: number, radiusKm: number) {
  const dLat = (radiusKm / KM_PER_DEGREE) * 1.01;
  const cos = Math.cos((lat * Math.PI) / 180);
  const dLng = cos > 0.01 ? (radiusKm / (KM_PER_DEGREE * cos)) * 1.01 : Number.POSITIVE_INFINITY;
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}

/** The cells that cover a radius, or null when there are more than MAX_FEED_CELLS (or the box wraps). */
export function cellsCovering(lat: number, lng: number, radiusKm: number): number[] | null {
  const box = boundingBox(lat, lng, radiusKm);
  if (box.minLat < -90 || box.maxLat > 90 || box.minLng < -180 || box.maxLng > 180) return null;
  const [r0, r1] = [Math.floor(box.minLat / CELL_DEGREES), Math.floor(box.maxLat / CELL_DEGREES)];
  const [c0, c1] = [Math.floor(box.minLng / CELL_DEGREES), Math.floor(box.maxLng / CELL_DEGREES)];
  if ((r1 - r0 + 1) * (c1 - c0 + 1) > MAX_FEED_CELLS) return null;
  const cells: number[] = [];
  for (let r = r0; r <= r1; r++)
    for (let c = c0; c <= c1; c++) cells.push((r + CELL_ROW_OFFSET) * CELL_ROW_WIDTH + c + CELL_COL_OFFSET);
  return cells;
}

/**
 * The contract's own category words written into the statement as constants (never user input): no
 * parameters and no sub-selects for the planner to work through on every request.
 */
const constText = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);
const constTextArray = (values: readonly string[]) =>
  sql.raw(
    `'{${values
      .map((v) => `"${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`)
      .join(",")
      .replaceAll("'", "''")}}'::text[]`,
  );

/**
 * A category chip in SQL: an event with one of the category's tags or a title holding one of its words;
 * mirrors matchesCategory (tested against it). Reads the window's lower-cased tags (ltags) and title
 * (ltitle), computed once per row: an array overlap, not a scan per chip.
 */
function categoryCondition(id: CategoryId): SQL {
  const category = CATEGORIES.find((c) => c.id === id);
  if (!category || id === "all") return sql`true`;
  const parts: SQL[] = [];
  if (category.tags.length > 0) parts.push(sql`e.ltags && ${constTextArray(category.tags)}`);
  for (const word of category.titleWords) parts.push(sql`position(${constText(word)} in e.ltitle) > 0`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

function searchCondition(q: string): SQL {
  const needle = q.toLowerCase();
  return sql`(position(${needle} in lower(e.title)) > 0
    or position(${needle} in lower(e.description)) > 0
    or position(${needle} in lower(e.location)) > 0
    or exists (select 1 from unnest(e.tags) st where position(${needle} in lower(st)) > 0))`;
}

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
  /** "When I'm free": only events starting inside these instants (none: no event). */
  within?: Array<[Date, Date]>;
}

/** Instants as one tstzmultirange literal: a containment test per event. */
const multirange = (ranges: Array<[Date, Date]>) =>
  sql`${`{${ranges.map(([a, b]) => `[${a.toISOString()},${b.toISOString()})`).join(",")}}`}::tstzmultirange`;

export interface ScoreInputs {
  /** Lower-cased interests and skills, without duplicates. */
  interests: string[];
  friendIds: number[];
  /** Hosts this user follows. */
  followedIds: number[];
  /**
   * The instants the user published as free: each [start, end) is one slot of one local day, converted
   * from the user's time zone once per request instead of converting every event's date in SQL.
   */
  freeRanges: Array<[Date, Date]>;
}

/**
 * How many upcoming events one window scores: the soonest eligible events for the type, position and
 * search. The deck ranks inside a window and the chips count the same window; paging past its end
 * opens the next window. See docs/decisions/012-feed-cells-and-caches.md.
 */
export const FEED_WINDOW = 500;
/**
 * A text search cannot use an index, so with a search a window looks at no more than the next
 * FEED_SEARCH_SCAN events of the type in date order; the next window continues after the last one looked at.
 */
export const FEED_SEARCH_SCAN = 5000;
/**
 * With a city radius a window looks at no more than the next FEED_CELL_SCAN events in the radius's grid
 * cells (about 40 % of them lie inside a 25 km circle), so a window holds a few hundred candidates.
 */
export const FEED_CELL_SCAN = 1000;

export interface FeedRow {
  id: number;
  date_us: number;
  distance_km: number | null;
  tag_overlap: number;
  matched_tag: string | null;
  friends_going: number;
  fits: boolean;
  followed: boolean;
  score: number;
}

export interface FeedWindow {
  /** The window's eligible events for the filter, ranked: score desc, then the earlier date, then id. */
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
function baseWhere(c: FeedCriteria, withBox: boolean): SQL[] {
  const parts: SQL[] = [
    sql`e.type = ${c.type}`,
    sql`e.date > ${c.now.toISOString()}::timestamptz`,
    sql`e.host_id <> ${c.userId}`,
    // Not canceled, hidden or a group's plan, and no host blocked either way.
    eventListedFor(c.userId, eventColumns("e")),
    // A full event cannot be joined from the deck; its page offers the waitlist.
    sql`(e.max_attendees is null or e.going_count < e.max_attendees)`,
    sql`not exists (select 1 from event_interactions i where i.user_id = ${c.userId} and i.event_id = e.id)`,
    sql`not exists (select 1 from event_participants p where p.user_id = ${c.userId} and p.event_id = e.id)`,
    // A series is shown once: its next occurrence that is still open.
    sql`(e.series_id is null or not exists (select 1 from events s where s.series_id = e.series_id and s.canceled_at is null and s.date > ${c.now.toISOString()}::timestamptz and (s.date, s.id) < (e.date, e.id)))`,
  ];
  if (c.position) {
    const { lat, lng, radiusKm } = c.position;
    if (withBox) {
      // A bounding box the lat/lng index can serve, then the exact great-circle distance.
      const box = boundingBox(lat, lng, radiusKm);
      parts.push(sql`e.lat between ${box.minLat} and ${box.maxLat}`);
      if (Number.isFinite(box.minLng) && box.maxLng - box.minLng < 360)
        parts.push(sql`e.lng between ${box.minLng} and ${box.maxLng}`);
    }
    parts.push(sql`${distanceExpr(lat, lng)} <= ${radiusKm}`);
  }
  if (c.q) parts.push(searchCondition(c.q));
  if (c.within) parts.push(c.within.length === 0 ? sql`false` : sql`(e.date <@ ${multirange(c.within)})`);
  return parts;
}

/**
 * With a position that covers a few grid cells: the next FEED_CELL_SCAN events of the type in those cells,
 * one ordered branch per cell on events_type_cell_date_idx merged by date (Merge Append), so the statement
 * reads about FEED_CELL_SCAN index entries however many events the city holds. The branches carry only
 * plain column tests (each one costs the planner little); the radius and the user's answers are checked
 * on the merged rows. Null without a position, with a search, or when the radius needs too many cells.
 */
function cellScan(c: FeedCriteria, range: SQL[]): SQL | null {
  const cells = c.position && !c.q ? cellsCovering(c.position.lat, c.position.lng, c.position.radiusKm) : null;
  if (!cells) return null;
  const where = [
    sql`e.type = ${c.type}`,
    sql`e.date > ${c.now.toISOString()}::timestamptz`,
    sql`e.canceled_at is null`,
    sql`e.group_id is null`,
    sql`e.host_id <> ${c.userId}`,
    sql`(e.max_attendees is null or e.going_count < e.max_attendees)`,
    sql`e.hidden_at is null`,
    ...range,
  ];
  const branches = cells.map(
    (cell) => sql`(select ${SCAN_COLUMNS} from events e where e.cell = ${cell} and ${sql.join(where, sql` and `)}
      order by e.date, e.id limit ${FEED_CELL_SCAN})`,
  );
  return sql`select * from (${sql.join(branches, sql` union all `)}) e order by e.date, e.id limit ${FEED_CELL_SCAN}`;
}

/**
 * A friend's going row (`answer` alias) at an event (`event` alias) counts for the viewer only where the
 * guest list lets them see it (the visibility owner's answer rule): the count, its reason and its boost are
 * all a view of the guest list.
 */
export function friendSeenGoing(viewerId: SqlRef, answer: string, event: string): SQL {
  return answerVisibleTo(
    viewerId,
    { userId: sql.raw(`${answer}.user_id`), status: sql.raw(`${answer}.status`) },
    eventColumns(event),
  );
}

/** The columns the window and the listing rule (`eventListedFor`) read of a scanned event. */
const SCAN_COLUMNS = sql.raw(
  "e.id, e.date, e.type, e.title, e.description, e.location, e.tags, e.lat, e.lng, e.host_id, e.canceled_at, e.hidden_at, e.group_id, e.friend_group_id, e.max_attendees, e.going_count, e.series_id",
);

/** The feed's window statement: the window ranked, its chip counts and where it ends. */
export function feedWindowQuery(c: FeedCriteria, s: ScoreInputs, filter: CategoryId, cursor: FeedRange): SQL {
  // Free slots as one multirange of instants: a containment test per event instead of a time-zone conversion.
  const fits =
    s.freeRanges.length === 0
      ? sql`false`
      : sql`(e.date <@ ${`{${s.freeRanges.map(([a, b]) => `[${a.toISOString()},${b.toISOString()})`).join(",")}}`}::tstzmultirange)`;
  const followed =
    s.followedIds.length === 0 ? sql`false` : sql`(e.host_id = any(${`{${s.followedIds.join(",")}}`}::int[]))`;
  const distance = c.position ? distanceExpr(c.position.lat, c.position.lng) : sql`null::float8`;
  const distancePoints = c.position
    ? sql`greatest(0, round(${SCORE.distance} * (1 - ${distance} / ${c.position.radiusKm})))`
    : sql`0`;
  // One containment test per interest on the lower-cased tags (interests are a short list).
  const tagOverlap =
    s.interests.length === 0
      ? sql`0`
      : sql`(${sql.join(
          s.interests.map((i) => sql`(e.ltags @> array[${i}::text])::int`),
          sql` + `,
        )})`;
  const range: SQL[] = [];
  if (cursor.after) range.push(afterMark(cursor.after));
  if (cursor.end) range.push(upToMark(cursor.end));
  // Friends going: the friends' own going rows (user_id, status index), grouped once and hash-joined to the
  // window; bounded by what the friends do, not by the city.
  const friendsGoing =
    s.friendIds.length === 0
      ? sql`select null::int as event_id, 0 as n where false`
      : sql`select fp.event_id, count(*)::int as n from event_participants fp join events fe on fe.id = fp.event_id
          where fp.user_id = any(${`{${s.friendIds.join(",")}}`}::int[]) and fp.status = 'going'
            and ${friendSeenGoing(c.userId, "fp", "fe")}
          group by fp.event_id`;
  // With a search: the next FEED_SEARCH_SCAN events of the type by date (events_type_date_idx); the window
  // reads from that scan, so the search never runs over more rows than it. With a city radius: the cells' scan.
  const cells = cellScan(c, range);
  const scanBound = cells ? FEED_CELL_SCAN : FEED_SEARCH_SCAN;
  const scanned =
    cells ??
    (c.q
      ? sql`select ${SCAN_COLUMNS} from events e
        where ${sql.join([sql`e.type = ${c.type}`, sql`e.date > ${c.now.toISOString()}::timestamptz`, ...range], sql` and `)}
        order by e.date, e.id
        limit ${FEED_SEARCH_SCAN}`
      : null);
  const scanCte = scanned ? sql`with scan as materialized (${scanned}),` : sql`with`;
  const winTail = sql`select e.id, ${dateUs("e")} as us from win e order by e.date desc, e.id desc limit 1`;
  const scanTail = sql`select e.id, ${dateUs("e")} as us from scan e order by e.date desc, e.id desc limit 1`;
  const winFull = sql`(select count(*) from win) >= ${FEED_WINDOW}`;
  const scanFull = sql`(select count(*) from scan) >= ${scanBound}`;
  // A full window ends at its last event; a window cut short by the scan bound ends where the scan stopped.
  const tail = scanned
    ? sql`select * from (${winTail}) w where ${winFull} union all select * from (${scanTail}) x where not ${winFull}`
    : winTail;
  const more = scanned ? sql`(${winFull} or ${scanFull})` : winFull;
  const windowWhere = [...baseWhere(c, !cells), ...(scanned ? [] : range)];
  const countColumns = CATEGORIES.map(
    (cat) => sql`${cat.id}::text, count(*) filter (where ${categoryCondition(cat.id)})`,
  );
  const interests =
    s.interests.length === 0
      ? sql`'{}'::text[]`
      : sql`array[${sql.join(
          s.interests.map((i) => sql`${i}::text`),
          sql`, `,
        )}]`;
  return sql`
    ${scanCte}
    win as materialized (
      select e.id, e.date, e.title, e.tags, e.lat, e.lng, e.host_id, lower(e.tags::text)::text[] as ltags, lower(e.title) as ltitle
      from ${scanned ? sql`scan` : sql`events`} e
      where ${sql.join(windowWhere, sql` and `)}
      order by e.date, e.id limit ${FEED_WINDOW}
    ),
    fg as materialized (${friendsGoing}),
    scored as (
      select m.*, (
        least(m.tag_overlap, ${SCORE.maxTags}) * ${SCORE.perTag}
        + least(m.friends_going, ${SCORE.maxFriends}) * ${SCORE.perFriend}
        + case when m.fits then ${SCORE.availability} else 0 end
        + case when m.followed then ${SCORE.followed} else 0 end
        + m.distance_points)::int as score
      from (
        select e.id, e.ltags, ${dateUs("e")} as date_us, ${distance} as distance_km, (${distancePoints})::int as distance_points,
          ${tagOverlap} as tag_overlap,
          coalesce(fg.n, 0) as friends_going,
          ${fits} as fits,
          ${followed} as followed
        from win e left join fg on fg.event_id = e.id
        where ${categoryCondition(filter)}
      ) m
    ),
    ranked as (
      select s.id, s.date_us, s.distance_km, s.tag_overlap, s.friends_going, s.fits, s.followed, s.score,
        (select t from unnest(s.ltags) with ordinality as x(t, n) where t = any(${interests}) order by n limit 1) as matched_tag
      from scored s
    ),
    tail as (${tail})
    select
      (select json_agg(r order by r.score desc, r.date_us asc, r.id asc) from ranked r) as rows,
      (select json_build_object(${sql.join(countColumns, sql`, `)}) from win e) as counts,
      (select count(*)::int from win) as size,
      ${more} as more,
      (select us from tail) as end_us,
      (select id from tail) as end_id`;
}
