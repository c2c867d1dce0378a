import { eq, sql } from "drizzle-orm";
import { CALENDAR_FEED_MAX_EVENTS, CALENDAR_FEED_PAST_DAYS } from "#contract/calendar";
import type { Db } from "#server/db/client";
import { eventColumns, eventVisibleTo } from "../visibility";
import { calendarFeeds } from "./schema";

export interface FeedEvent {
  id: number;
  title: string;
  description: string;
  location: string;
  date: Date;
  canceledAt: Date | null;
  sequence: number;
  /** The exact pin: only in a person's own calendar, never in a public one. */
  lat?: number | null;
  lng?: number | null;
  timezone: string;
}

export function calendarRepository(db: Db) {
  return {
    async tokenOf(userId: number): Promise<string | undefined> {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
      return row?.token;
    },
    /** Keeps the first token of two made at once (two tabs opening Settings): both answer the stored one. */
    async createToken(userId: number, token: string): Promise<string> {
      await db.insert(calendarFeeds).values({ userId, token }).onConflictDoNothing();
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
      return row.token;
    },
    async replaceToken(userId: number, token: string): Promise<void> {
      await db
        .insert(calendarFeeds)
        .values({ userId, token })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
    },
    async ownerOf(token: string): Promise<number | undefined> {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token)).limit(1);
      return row?.userId;
    },
    /**
     * What the person's calendar shows: events they host or go to, and group plans of their groups they voted
     * yes on; canceled ones too (as CANCELLED), never hidden ones nor those across a block with a host or
     * co-host (made before the block or past). It reads the events' tables read-only: the
     * feed is one query, and every calendar app polls it.
     */
    async eventsOf(userId: number, now: Date): Promise<FeedEvent[]> {
      const since = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * 86_400_000).toISOString();
      const result = (await db.execute(sql`
        SELECT e.id, e.title, e.description, e.location, e.date, e.canceled_at AS "canceledAt", e.sequence,
          e.lat, e.lng, e.timezone
        FROM events e
        WHERE e.hidden_at IS NULL AND e.date >= ${since}::timestamptz AND ${eventVisibleTo(userId, eventColumns("e"))} AND (
          e.host_id = ${userId}
          OR EXISTS (SELECT 1 FROM event_participants p
            WHERE p.event_id = e.id AND p.user_id = ${userId} AND p.status = 'going')
          OR (e.group_id IS NOT NULL
            AND EXISTS (SELECT 1 FROM event_votes v WHERE v.event_id = e.id AND v.user_id = ${userId} AND v.vote = 'yes')
            AND EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = e.group_id AND m.user_id = ${userId}))
        )
        ORDER BY e.date, e.id LIMIT ${CALENDAR_FEED_MAX_EVENTS}`)) as unknown as {
        rows: (Omit<FeedEvent, "date" | "canceledAt"> & { date: string | Date; canceledAt: string | Date | null })[];
      };
      return result.rows.map((r) => ({
        ...r,
        date: new Date(r.date),
        canceledAt: r.canceledAt ? new Date(r.canceledAt) : null,
      }));
    },
  };
}
export type CalendarRepository = ReturnType<typeof calendarRepository>;
