import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { CategoryId } from "../../../../contract/categories";
import { PAGE_SIZE_DEFAULT } from "../../../../contract/limits";
import type { Db } from "../../../db/client";
import { availability, events, friendships, users } from "../../../db/schema";
import type { FeedCursor } from "./cursor";
import { type FeedCriteria, type FeedRow, type FeedWindowPage, feedWindowQuery, intArray, type ScoreInputs } from "./query";

/** The feed's reads: the ranking inputs, the ranked window page and the cards' rows. */
export function feedRepository(db: Db) {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    async findUser(id: number) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async findUsers(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(users).where(inArray(users.id, ids));
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
      }>(feedWindowQuery(c, s, filter, limit, cursor));
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
  };
}
export type FeedRepository = ReturnType<typeof feedRepository>;
