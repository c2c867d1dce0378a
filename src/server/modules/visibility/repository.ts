import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { eventConversations } from "#server/modules/event-conversation/read-sql";
import { events } from "#server/modules/events/read-sql";
import { userBlocks } from "#server/modules/safety/read-sql";
import {
  eventColumns,
  eventPublicTo,
  eventVisibleTo,
  guestListVisibleTo,
  hostsEvent,
  notBlocked,
} from "./visibility-sql";

/** An event's row, as the events module stores it. */
export type EventRow = typeof events.$inferSelect;

/** The reads behind the rules of who may see what; every statement is made of the fragments in visibility-sql.ts. */
export function visibilityRepository(db: Db) {
  return {
    /** The event, with how the viewer stands to it: may see it, may see it in public, hosts it (host or co-host). */
    async eventFor(eventId: number, viewerId: number | null) {
      const viewer = viewerId ?? 0;
      const [row] = await db
        .select({
          event: events,
          visible: sql<boolean>`${eventVisibleTo(viewer, events)}`,
          public: sql<boolean>`${eventPublicTo(viewer, events)}`,
          hosts: sql<boolean>`${hostsEvent(viewer, events)}`,
          member: sql<boolean>`(${events.groupId} is not null and exists (select 1 from group_members gm where gm.group_id = ${events.groupId} and gm.user_id = ${viewer}))`,
          seesGuests: sql<boolean>`${guestListVisibleTo(viewer, events)}`,
        })
        .from(events)
        .where(eq(events.id, eventId))
        .limit(1);
      return row;
    },
    /** Whether the viewer sees who is going to the event (false for no such event). */
    async seesGuestList(eventId: number, viewerId: number) {
      const [row] = await db
        .select({ sees: sql<boolean>`${guestListVisibleTo(viewerId, events)}` })
        .from(events)
        .where(eq(events.id, eventId))
        .limit(1);
      return row?.sees === true;
    },
    /** Of `eventIds`, those the viewer may open. */
    async visibleEventIds(viewerId: number, eventIds: number[]): Promise<Set<number>> {
      if (eventIds.length === 0) return new Set();
      const rows = await db
        .select({ id: events.id })
        .from(events)
        .where(and(inArray(events.id, eventIds), eventVisibleTo(viewerId, events)));
      return new Set(rows.map((r) => r.id));
    },
    /** Of `userIds`, those who may open the event: whom a notice about it may reach (nobody for a hidden one). */
    async audienceOf(eventId: number, userIds: number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const viewer = sql`v.id`;
      const rows = (await db.execute(sql`
        select v.id from unnest(${`{${userIds.join(",")}}`}::int[]) v(id)
        join events e on e.id = ${eventId}
        where e.hidden_at is null and ${eventVisibleTo(viewer, eventColumns("e"))}`)) as unknown as {
        rows: Array<{ id: number }>;
      };
      return new Set(rows.rows.map((r) => Number(r.id)));
    },
    /** The groups that are these events' guests' conversations (an event has at most one). */
    async conversationsOf(eventIds: number[]): Promise<number[]> {
      const rows = await db
        .select({ groupId: eventConversations.groupId })
        .from(eventConversations)
        .where(inArray(eventConversations.eventId, eventIds));
      return rows.map((r) => r.groupId);
    },
    async isBlockedEitherWay(a: number, b: number) {
      const [row] = await db
        .select({ blocked: sql<boolean>`not ${notBlocked(a, b)}` })
        .from(sql`(select 1) one`)
        .limit(1);
      return row?.blocked === true;
    },
    /** Of `others`, the people `userId` blocked or who blocked `userId`: one query for a whole recipient list. */
    async blockedAmong(userId: number, others: number[]): Promise<Set<number>> {
      if (others.length === 0) return new Set();
      const rows = await db
        .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
        .from(userBlocks)
        .where(
          or(
            and(eq(userBlocks.blockerId, userId), inArray(userBlocks.blockedId, others)),
            and(eq(userBlocks.blockedId, userId), inArray(userBlocks.blockerId, others)),
          ),
        );
      return new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)));
    },
  };
}
export type VisibilityRepository = ReturnType<typeof visibilityRepository>;
