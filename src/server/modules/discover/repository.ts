import { and, eq, type SQL, sql } from "drizzle-orm";
import type { CategoryId } from "#contract/categories";
import type { UserSummary } from "#contract/events";
import { AVATAR_STACK_MAX } from "#contract/limits";
import type { Db } from "#server/db/client";
import { events } from "#server/modules/events/read-sql";
import { users } from "#server/modules/users/read-sql";
import { attendeesVisibleTo, eventListedFor, personVisibleTo } from "../visibility";
import type { CellEvent } from "./cell-pool";
import type { FeedRange } from "./cursor";
import {
  type FeedCriteria,
  type FeedRow,
  type FeedWindow,
  feedWindowQuery,
  friendSeenGoing,
  type ScoreInputs,
} from "./ranking-sql";
import { eventInteractions } from "./schema";
import { categoryMask, type PersonalFacts } from "./window-ranking";

export interface RankingInputs {
  interests: string[];
  skills: string[];
  timezone: string;
  friendIds: number[];
  /** The people this user follows: their events rank higher, "From someone you follow". */
  followedIds: number[];
  free: Array<{ date: string; timeslots: unknown }>;
  answers: string;
  /** The newest event anywhere: a kept cell of upcoming events is current only while it is the same. */
  newestEventId: number;
}

interface PersonalFactRows {
  answered: number[];
  blocked: number[];
  friendsGoing: Array<[number, number]>;
}
const readFacts = (f: PersonalFactRows | null | undefined): PersonalFacts => ({
  answered: new Set(f?.answered ?? []),
  blockedPeople: new Set(f?.blocked ?? []),
  friendsGoing: new Map(f?.friendsGoing ?? []),
});

/** A page's candidate ids travel as one int[] literal: the prepared statements keep one shape on both drivers. */
const idList = (ids: number[]) => `{${ids.join(",")}}`;

/**
 * The feed's reads: the ranking inputs with what a cached window depends on, a ranked window, the cards;
 * and its one write, taking back a swipe's interaction (the answer itself is the participants module's).
 */
export function discoverRepository(db: Db) {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const userId = sql`${sql.placeholder("userId")}::int`;

  /**
   * Everything the ranking needs from the user, as one JSON value: interests, skills, time zone, accepted
   * friends, the availability published from yesterday on (a day's slots are local to the user), and what
   * else a ranked window depends on (`answers`): the user's answers and blocks as sets (count and sum of ids,
   * so an undo counts too) and the newest event anywhere (a new event may belong in a window). Null when the
   * user does not exist. Uncorrelated, so it runs once per statement wherever it is used. Lists are ordered:
   * the same inputs must give the same text whatever plan PostgreSQL picks, or kept windows never match.
   */
  const me = sql<RankingInputs | null>`(select json_build_object(
      'interests', u.interests, 'skills', u.skills, 'timezone', u.timezone,
      'friendIds', coalesce((select json_agg(x.id order by x.id) from (
          select case when f.requester_id = u.id then f.addressee_id else f.requester_id end as id
          from friendships f where f.status = 'accepted' and (f.requester_id = u.id or f.addressee_id = u.id)) x), '[]'),
      'followedIds', coalesce((select json_agg(fo.followed_id order by fo.followed_id)
        from follows fo where fo.follower_id = u.id), '[]'),
      'free', coalesce((select json_agg(json_build_object('date', a.date, 'timeslots', a.timeslots) order by a.date)
        from availability a where a.user_id = u.id and a.date >= current_date - 1), '[]'),
      'answers', concat_ws('/',
        (select count(*) || ':' || coalesce(sum(i.event_id), 0) from event_interactions i where i.user_id = u.id),
        (select count(*) || ':' || coalesce(sum(p.event_id), 0) from event_participants p where p.user_id = u.id),
        (select count(*) || ':' || coalesce(sum(b.blocker_id + b.blocked_id), 0) from user_blocks b
          where b.blocker_id = u.id or b.blocked_id = u.id),
        (select coalesce(max(e.id), 0) from events e)),
      'newestEventId', (select coalesce(max(e.id), 0) from events e))
    from users u where u.id = ${userId})`;

  /**
   * What a served card must still be at `now`: a cached window may be older than the user's last answer, a
   * cancellation, a moderator's hiding, a block or the event filling up.
   */
  const answerable = and(
    sql`${events.date} > ${sql.placeholder("now")}::timestamptz`,
    eventListedFor(userId, events),
    sql`${events.hostId} <> ${userId}`,
    sql`(${events.maxAttendees} is null or ${events.goingCount} < ${events.maxAttendees})`,
    sql`not exists (select 1 from event_interactions i where i.user_id = ${userId} and i.event_id = ${events.id})`,
    sql`not exists (select 1 from event_participants p where p.user_id = ${userId} and p.event_id = ${events.id})`,
  );
  /** The first going people of the events (an int[]) the user may see there, as a JSON array per event. */
  const attendeesOf = (eventIds: SQL) => sql`select a.event_id, json_agg(json_build_object('id', u.id,
      'fullName', u.full_name, 'username', u.username, 'profileImage', u.profile_image) order by a.place) as list
    from (${attendeesVisibleTo(userId, eventIds, AVATAR_STACK_MAX)}) a join users u on u.id = a.user_id
    group by a.event_id`;

  // The cards of a page (the event, its host, co-hosts and first attendees), and only those the user can still
  // answer now. Each row also carries the ranking inputs, so a page served from a kept window costs this one
  // statement.
  const cards = db
    .select({
      me,
      event: events,
      host: { id: users.id, fullName: users.fullName, username: users.username, profileImage: users.profileImage },
      attendees: sql<UserSummary[]>`coalesce((select v.list from (${attendeesOf(sql`array[${events.id}]`)}) v), '[]')`,
      // A co-host blocked either way with the viewer is left out: the event stays, the two do not see each other.
      cohosts: sql<UserSummary[]>`coalesce((
        select json_agg(json_build_object('id', u.id, 'fullName', u.full_name, 'username', u.username, 'profileImage', u.profile_image)
          order by c.created_at, c.user_id)
        from event_cohosts c join users u on u.id = c.user_id
        where c.event_id = ${events.id} and ${personVisibleTo(userId, sql`c.user_id`)}), '[]')`,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.hostId))
    .where(and(sql`${events.id} = any(${sql.placeholder("ids")}::int[])`, answerable))
    .prepare("feed_cards");

  /**
   * Of a first window's candidates, those the user can still answer now, with what of their cards changes
   * without an event write: [id, going count, the attendees the user may see, or null for none].
   */
  const ids = sql`${sql.placeholder("ids")}::int[]`;
  const open = sql<Array<[number, number, UserSummary[] | null]> | null>`(
    with seen as (${attendeesOf(ids)})
    select json_agg(json_build_array(${events.id}, ${events.goingCount}, seen.list))
    from ${events} left join seen on seen.event_id = ${events.id}
    where ${events.id} = any(${ids}) and ${answerable})`;

  /**
   * What a window ranked in memory needs to know of the person besides `me`: the events they answered (any
   * answer, or a pass), the people blocked either way, and how many of their friends are going to each
   * event (bounded by what the friends do, as the SQL window's friends-going join is).
   */
  const facts = sql<PersonalFactRows>`(select json_build_object(
      'answered', coalesce((select json_agg(x.event_id) from (
          select i.event_id from event_interactions i where i.user_id = ${userId}
          union select p.event_id from event_participants p where p.user_id = ${userId}) x), '[]'),
      'blocked', coalesce((select json_agg(case when b.blocker_id = ${userId} then b.blocked_id else b.blocker_id end)
          from user_blocks b where b.blocker_id = ${userId} or b.blocked_id = ${userId}), '[]'),
      'friendsGoing', coalesce((select json_agg(json_build_array(fp.event_id, fp.n)) from (
          select p.event_id, count(*)::int as n from event_participants p join events fe on fe.id = p.event_id
          where p.status = 'going' and p.user_id in (
            select case when f.requester_id = ${userId} then f.addressee_id else f.requester_id end
            from friendships f where f.status = 'accepted' and (f.requester_id = ${userId} or f.addressee_id = ${userId}))
            and ${friendSeenGoing(userId, "p", "fe")}
          group by p.event_id) fp), '[]')))`;
  const personal = db.select({ facts }).from(users).where(eq(users.id, userId)).prepare("feed_personal");
  // Prepared statements (named on node-postgres): after a few runs PostgreSQL reuses a generic plan, so a
  // page served from a kept window does not pay planning, which cost more than running these statements.
  const rankingInputs = db.select({ me, facts }).from(users).where(eq(users.id, userId)).prepare("feed_ranking_inputs");
  const firstPage = db.select({ me, facts, open }).from(users).where(eq(users.id, userId)).prepare("feed_first_page");
  // A page whose cards are all kept reads only what changes without an event write, with or without `me`.
  const keptCards = db.select({ open }).from(users).where(eq(users.id, userId)).prepare("feed_kept_cards");
  const keptCardsWithInputs = db
    .select({ me, open })
    .from(users)
    .where(eq(users.id, userId))
    .prepare("feed_kept_cards_inputs");
  const answerableIn = (found: Array<[number, number, UserSummary[] | null]> | null) => {
    const answerable = new Map<number, { goingCount: number; attendees: UserSummary[] }>();
    for (const [eventId, goingCount, attendees] of found ?? [])
      answerable.set(eventId, { goingCount, attendees: attendees ?? [] });
    return answerable;
  };

  return {
    /**
     * The upcoming events of each grid cell of one type, soonest first, at most `perCell` a cell: what every
     * person's window is ranked from (cell-pool.ts). Cancelled, hidden and group events are left out; full
     * ones stay (a seat can free up). `seriesPrevUs` is the latest earlier open occurrence of the event's
     * series after `now`: the event is its series' next one once that lies in the past.
     */
    async upcomingInCells(type: string, cells: number[], now: Date, perCell: number): Promise<CellEvent[]> {
      const found = await rows<{
        id: number;
        cell: number;
        date_us: string;
        host_id: number;
        lat: number;
        lng: number;
        ltags: string[];
        ltitle: string;
        max_attendees: number | null;
        going_count: number;
        series_prev_us: string | null;
      }>(sql`
        select e.id, c.cell, (extract(epoch from e.date) * 1000000)::bigint::text as date_us, e.host_id, e.lat, e.lng,
          lower(e.tags::text)::text[] as ltags, lower(e.title) as ltitle, e.max_attendees, e.going_count,
          (select (extract(epoch from max(s.date)) * 1000000)::bigint::text from events s
            where s.series_id = e.series_id and s.canceled_at is null and s.date > ${now.toISOString()}::timestamptz
              and (s.date, s.id) < (e.date, e.id)) as series_prev_us
        from unnest(${idList(cells)}::int[]) c(cell)
        cross join lateral (
          select * from events e
          where e.type = ${type} and e.cell = c.cell and e.date > ${now.toISOString()}::timestamptz
            and e.canceled_at is null and e.hidden_at is null and e.group_id is null
          order by e.date, e.id limit ${perCell}) e`);
      return found.map((r) => ({
        id: r.id,
        cell: r.cell,
        dateUs: Number(r.date_us),
        hostId: r.host_id,
        lat: Number(r.lat),
        lng: Number(r.lng),
        ltags: r.ltags,
        ltitle: r.ltitle,
        categories: categoryMask(r.ltags, r.ltitle),
        maxAttendees: r.max_attendees,
        goingCount: r.going_count,
        seriesPrevUs: r.series_prev_us == null ? null : Number(r.series_prev_us),
      }));
    },

    /** The person's answers, blocks and friends going (see `facts`). */
    async personalFacts(id: number): Promise<PersonalFacts> {
      const [row] = await personal.execute({ userId: id });
      return readFacts(row?.facts);
    },

    /**
     * The user's ranking inputs and answers stamp (see `me`) with the facts a window ranked in memory needs
     * (one statement for a first page), or null for no such user.
     */
    async rankingInputs(id: number): Promise<(RankingInputs & { facts?: PersonalFacts }) | null> {
      const [row] = await rankingInputs.execute({ userId: id });
      return row?.me ? { ...row.me, facts: readFacts(row.facts) } : null;
    },

    /**
     * A first page in one statement: the ranking inputs and facts (as `rankingInputs`) with the final check of
     * every candidate the window may hold (`ids`, from the kept cells): those still answerable at `now`, with
     * their going counts and the attendees the user may see.
     */
    async firstPage(id: number, candidates: number[], now: Date) {
      const [row] = await firstPage.execute({ userId: id, ids: idList(candidates), now: now.toISOString() });
      if (!row?.me) return null;
      return { inputs: { ...row.me, facts: readFacts(row.facts) }, answerable: answerableIn(row.open) };
    },

    /**
     * For cards kept by this instance: those of the ids the user can still answer at `now`, with their going
     * counts and the attendees the user may see; with the user's ranking inputs (`me`) when asked.
     */
    async keptCardsCheck(id: number, ids: number[], now: Date, withInputs: boolean) {
      const params = { userId: id, ids: idList(ids), now: now.toISOString() };
      if (!withInputs) {
        const [row] = await keptCards.execute(params);
        return { me: null, answerable: answerableIn(row?.open ?? null) };
      }
      const [row] = await keptCardsWithInputs.execute(params);
      return { me: row?.me ?? null, answerable: answerableIn(row?.open ?? null) };
    },

    /**
     * One ranked candidate window with its chip counts, in one statement: the first FEED_WINDOW eligible
     * events after range.after in (date, id) order (bounded by range.end once known), so the work is bounded
     * by the window, not the table; ranked by score desc, then the earlier date, then id.
     */
    async feedWindow(c: FeedCriteria, s: ScoreInputs, filter: CategoryId, range: FeedRange): Promise<FeedWindow> {
      const [row] = await rows<{
        rows: FeedRow[] | null;
        counts: Record<string, number>;
        size: number;
        more: boolean;
        end_us: number | null;
        end_id: number | null;
      }>(feedWindowQuery(c, s, filter, range));
      return {
        rows: (row?.rows ?? []).map((r) => ({ ...r, date_us: Number(r.date_us) })),
        counts: row?.counts ?? {},
        size: row?.size ?? 0,
        more: row?.more ?? false,
        end: row?.end_us == null || row.end_id == null ? null : { us: Number(row.end_us), id: row.end_id },
      };
    },

    /**
     * The cards' rows (event, host, first going attendees) of those ids the user can still answer at `now`,
     * each with the user's ranking inputs (`me`).
     */
    async answerableCards(id: number, ids: number[], now: Date) {
      if (ids.length === 0) return [];
      return cards.execute({ userId: id, ids: idList(ids), now: now.toISOString() });
    },

    /** Stores the person's like or pass of an event (the latest one counts). */
    async upsertInteraction(eventId: number, userId: number, action: "passed" | "liked") {
      const [row] = await db
        .insert(eventInteractions)
        .values({ eventId, userId, action })
        .onConflictDoUpdate({ target: [eventInteractions.userId, eventInteractions.eventId], set: { action } })
        .returning();
      return row;
    },
    /** Deletes the person's interaction with the event (a like or pass); true when there was one. */
    async deleteInteraction(eventId: number, userId: number) {
      const removed = await db
        .delete(eventInteractions)
        .where(and(eq(eventInteractions.eventId, eventId), eq(eventInteractions.userId, userId)))
        .returning({ eventId: eventInteractions.eventId });
      return removed.length > 0;
    },

    /** The plan of the window statement (EXPLAIN, or EXPLAIN ANALYZE with timings). */
    async explainFeed(
      c: FeedCriteria,
      s: ScoreInputs,
      filter: CategoryId,
      analyze = false,
      range: FeedRange = { after: null, end: null },
    ) {
      const query = feedWindowQuery(c, s, filter, range);
      const plan = await rows<{ "QUERY PLAN": string }>(
        analyze ? sql`explain analyze ${query}` : sql`explain ${query}`,
      );
      return plan.map((r) => r["QUERY PLAN"]).join("\n");
    },
  };
}
export type DiscoverRepository = ReturnType<typeof discoverRepository>;
