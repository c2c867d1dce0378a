import { and, asc, count, eq, gte, isNull, lt, max, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { events } from "#server/modules/events/schema";
import { follows } from "#server/modules/follows/schema";
import { users } from "#server/modules/users/schema";

/**
 * Every read of this module goes through the two rules below, written once: what makes an event
 * public (anyone may see it, search engines included) and what makes a host's page public.
 */
const publicEvent: SQL = and(
  isNull(events.groupId),
  isNull(events.hiddenAt),
  // An event for a chosen audience (close friends, family, coworkers) is nobody else's business.
  or(isNull(events.friendGroupId), eq(events.friendGroupId, "all")),
) as SQL;
const publicHost: SQL = and(eq(users.publicProfile, true), isNull(users.suspendedAt)) as SQL;

const eventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  location: events.location,
  placeArea: events.placeArea,
  date: events.date,
  timezone: events.timezone,
  lat: events.lat,
  lng: events.lng,
  imageUrl: events.imageUrl,
  type: events.type,
  tags: events.tags,
  goingCount: events.goingCount,
  canceledAt: events.canceledAt,
  sequence: events.sequence,
  previousDate: events.previousDate,
};
/** An event as this module's pages, feeds and structured data read it. */
export interface PublicEventRow {
  id: number;
  title: string;
  description: string;
  location: string;
  placeArea: string | null;
  date: Date;
  timezone: string;
  lat: number | null;
  lng: number | null;
  imageUrl: string | null;
  type: "social" | "networking";
  tags: string[];
  goingCount: number;
  canceledAt: Date | null;
  sequence: number;
  previousDate: Date | null;
}

/** When an event page last changed: its last change of what it shows, else its creation. */
const eventLastmod = sql<Date>`coalesce(${events.changedAt}, ${events.createdAt})`;

export function publicPagesRepository(db: Db) {
  return {
    /** The host behind a public page; undefined for an unknown name, a page turned off, a suspended account. */
    async hostByUsername(username: string) {
      const [row] = await db
        .select({
          id: users.id,
          fullName: users.fullName,
          username: users.username,
          profileImage: users.profileImage,
          bio: users.bio,
        })
        .from(users)
        .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, publicHost))
        .limit(1);
      return row;
    },

    async followerCount(userId: number) {
      const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followedId, userId));
      return row?.n ?? 0;
    },

    /** The host's public events from `from` on, soonest first, canceled ones included (a calendar must drop them). */
    async upcomingEvents(hostId: number, from: Date, limit: number) {
      return (await db
        .select(eventColumns)
        .from(events)
        .where(and(eq(events.hostId, hostId), gte(events.date, from), publicEvent))
        .orderBy(asc(events.date), asc(events.id))
        .limit(limit)) as PublicEventRow[];
    },

    /** How many of the host's public events have taken place (canceled ones never did). */
    async pastEventCount(hostId: number, before: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(events)
        .where(and(eq(events.hostId, hostId), lt(events.date, before), isNull(events.canceledAt), publicEvent));
      return row?.n ?? 0;
    },

    /** A public event and its host's public page (null when the host keeps none); undefined when the event is not public. */
    async publicEvent(eventId: number) {
      const [row] = await db
        .select({
          event: eventColumns,
          hostId: users.id,
          hostUsername: users.username,
          hostPublic: sql<boolean>`(${publicHost})`,
        })
        .from(events)
        .innerJoin(users, eq(users.id, events.hostId))
        .where(and(eq(events.id, eventId), publicEvent, isNull(users.suspendedAt)))
        .limit(1);
      if (!row) return undefined;
      return {
        event: row.event as PublicEventRow,
        hostId: row.hostId,
        hostPage: row.hostPublic ? row.hostUsername : null,
      };
    },

    /** What the sitemap lists: upcoming public events and the public pages of their hosts, each with a lastmod. */
    async sitemapCounts(now: Date) {
      const [eventCount] = await db
        .select({ n: count() })
        .from(events)
        .innerJoin(users, eq(users.id, events.hostId))
        .where(and(gte(events.date, now), publicEvent, isNull(users.suspendedAt)));
      const [hostCount] = await db
        .select({ n: sql<number>`count(distinct ${users.id})`.mapWith(Number) })
        .from(users)
        .innerJoin(events, eq(events.hostId, users.id))
        .where(and(gte(events.date, now), publicEvent, publicHost));
      return { events: eventCount?.n ?? 0, hosts: hostCount?.n ?? 0 };
    },

    async sitemapHosts(now: Date, offset: number, limit: number) {
      return db
        .select({ username: users.username, lastmod: max(eventLastmod).mapWith((v) => new Date(v)) })
        .from(users)
        .innerJoin(events, eq(events.hostId, users.id))
        .where(and(gte(events.date, now), publicEvent, publicHost))
        .groupBy(users.id)
        .orderBy(asc(users.id))
        .offset(offset)
        .limit(limit);
    },

    async sitemapEvents(now: Date, offset: number, limit: number) {
      return db
        .select({ id: events.id, lastmod: eventLastmod.mapWith((v) => new Date(v)) })
        .from(events)
        .innerJoin(users, eq(users.id, events.hostId))
        .where(and(gte(events.date, now), publicEvent, isNull(users.suspendedAt)))
        .orderBy(asc(events.id))
        .offset(offset)
        .limit(limit);
    },
  };
}
export type PublicPagesRepository = ReturnType<typeof publicPagesRepository>;
