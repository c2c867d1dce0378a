import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { CategoryId } from "../../../../contract/categories";
import type { UserSummary } from "../../../../contract/events";
import { PAGE_SIZE_DEFAULT } from "../../../../contract/limits";
import type { Db } from "../../../db/client";
import { events, users } from "../../../db/schema";
import type { FeedCursor } from "./cursor";
import { type FeedCriteria, type FeedRow, type FeedWindowPage, feedWindowQuery, type ScoreInputs } from "./query";

/** The feed's reads: the ranking inputs, the ranked window page and the cards' rows. */
export function feedRepository(db: Db) {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    /**
     * Everything the ranking needs from the user, in one statement: interests, skills, time zone, accepted
     * friends, and the availability published from yesterday on (a day's slots are local to the user).
     */
    async rankingInputs(userId: number) {
      const [row] = await rows<{
        interests: string[];
        skills: string[];
        timezone: string;
        friend_ids: number[];
        free: Array<{ date: string; timeslots: unknown }>;
      }>(sql`
        select u.interests, u.skills, u.timezone,
          coalesce((select json_agg(case when f.requester_id = u.id then f.addressee_id else f.requester_id end)
            from friendships f where f.status = 'accepted' and (f.requester_id = u.id or f.addressee_id = u.id)), '[]') as friend_ids,
          coalesce((select json_agg(json_build_object('date', a.date, 'timeslots', a.timeslots))
            from availability a where a.user_id = u.id and a.date >= current_date - 1), '[]') as free
        from users u where u.id = ${userId}`);
      return row;
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
      }>(feedWindowQuery(c, s, filter, limit, cursor));
      return {
        rows: (row?.rows ?? []).map((r) => ({ ...r, date_us: Number(r.date_us) })),
        counts: row?.counts ?? {},
        size: row?.size ?? 0,
        more: row?.more ?? false,
        end: row?.end_us == null || row.end_id == null ? null : { us: Number(row.end_us), id: row.end_id },
      };
    },

    /** The cards' rows: each event with its host and its first `perEvent` going attendees, in one statement. */
    async cards(ids: number[], perEvent: number) {
      if (ids.length === 0) return [];
      return db
        .select({
          event: events,
          host: { id: users.id, fullName: users.fullName, username: users.username, profileImage: users.profileImage },
          attendees: sql<UserSummary[]>`coalesce((
            select json_agg(json_build_object('id', a.id, 'fullName', a.full_name, 'username', a.username, 'profileImage', a.profile_image) order by a.rn)
            from (
              select u.id, u.full_name, u.username, u.profile_image, row_number() over (order by p.created_at, p.user_id) as rn
              from event_participants p join users u on u.id = p.user_id
              where p.event_id = ${events.id} and p.status = 'going'
              order by p.created_at, p.user_id
              limit ${perEvent}
            ) a), '[]')`,
        })
        .from(events)
        .leftJoin(users, eq(users.id, events.hostId))
        .where(inArray(events.id, ids));
    },

    /** The plan of the feed's statement (EXPLAIN, or EXPLAIN ANALYZE with timings). */
    async explainFeed(
      c: FeedCriteria,
      s: ScoreInputs,
      filter: CategoryId,
      analyze = false,
      cursor: FeedCursor | null = null,
    ) {
      const query = feedWindowQuery(c, s, filter, PAGE_SIZE_DEFAULT + 1, cursor);
      const plan = await rows<{ "QUERY PLAN": string }>(
        analyze ? sql`explain analyze ${query}` : sql`explain ${query}`,
      );
      return plan.map((r) => r["QUERY PLAN"]).join("\n");
    },
  };
}
export type FeedRepository = ReturnType<typeof feedRepository>;
