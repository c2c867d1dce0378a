import { and, asc, count, eq, gte, isNull, lt, max, type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { events } from "#server/modules/events/read-sql";
import { follows } from "#server/modules/follows/read-sql";
import { notSuspended, personSummary, users } from "#server/modules/users/read-sql";
import { eventPublicTo, personVisibleTo, type SqlRef } from "../visibility";

/** Who reads: a signed-in person, or nobody in particular (signed out, a crawler, a calendar app). */
const viewer = (viewerId: number | null): SqlRef => (viewerId == null ? sql`null::integer` : viewerId);

/**
 * Every read of this module goes through the two rules below: an event anyone may see (the visibility
 * owner's public rule, for this viewer) and a host's page anyone may see (on, not suspended, and the host
 * visible to this viewer).
 */
const publicEventFor = (viewerId: number | null): SQL => eventPublicTo(viewer(viewerId), events);
const publicHost: SQL = and(eq(users.publicProfile, true), notSuspended) as SQL;
const publicHostFor = (viewerId: number | null) => and(publicHost, personVisibleTo(viewer(viewerId), users.id)) as SQL;

/** Never the exact pin: a public page, calendar or card gives the place's name or area, as the preview does. */
const eventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  location: events.location,
  placeArea: events.placeArea,
  date: events.date,
  timezone: events.timezone,
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
  imageUrl: string | null;
  type: "social" | "networking";
  tags: string[];
  goingCount: number;
  canceledAt: Date | null;
  sequence: number;
  previousDate: Date | null;
}

/** What the sitemap lists: public events still to come and not canceled (a canceled one's page only says so). */
const inSitemap = (now: Date, viewerId: number | null) =>
  and(gte(events.date, now), isNull(events.canceledAt), publicEventFor(viewerId)) as SQL;

/** When an event page last changed: its last change of what it shows, else its creation. */
const eventLastmod = sql<Date>`coalesce(${events.changedAt}, ${events.createdAt})`;

export function publicPagesRepository(db: Db) {
  return {
    /**
     * The host behind a public page; undefined for an unknown name, a page turned off, a suspended
     * account, and across a block with the viewer.
     */
    async hostByUsername(username: string, viewerId: number | null) {
      const [row] = await db
        .select({
          ...personSummary,
          bio: users.bio,
        })
        .from(users)
        .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, publicHostFor(viewerId)))
        .limit(1);
      return row;
    },

    async followerCount(userId: number) {
      const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followedId, userId));
      return row?.n ?? 0;
    },

    /** The host's public events from `from` on, soonest first, canceled ones included (a calendar must drop them). */
    async upcomingEvents(hostId: number, viewerId: number | null, from: Date, limit: number) {
      return (await db
        .select(eventColumns)
        .from(events)
        .where(and(eq(events.hostId, hostId), gte(events.date, from), publicEventFor(viewerId)))
        .orderBy(asc(events.date), asc(events.id))
        .limit(limit)) as PublicEventRow[];
    },

    /** How many of the host's public events have taken place (canceled ones never did). */
    async pastEventCount(hostId: number, viewerId: number | null, before: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(events)
        .where(
          and(eq(events.hostId, hostId), lt(events.date, before), isNull(events.canceledAt), publicEventFor(viewerId)),
        );
      return row?.n ?? 0;
    },

    /**
     * A public event as the viewer may see it, and its host's public page (null when the host keeps
     * none); undefined when the event is not public or not for this viewer.
     */
    async publicEvent(eventId: number, viewerId: number | null) {
      const [row] = await db
        .select({
          event: eventColumns,
          hostId: users.id,
          hostUsername: users.username,
          hostPublic: sql<boolean>`(${publicHost})`,
        })
        .from(events)
        .innerJoin(users, eq(users.id, events.hostId))
        .where(and(eq(events.id, eventId), publicEventFor(viewerId)))
        .limit(1);
      if (!row) return undefined;
      return {
        event: row.event as PublicEventRow,
        hostId: row.hostId,
        hostPage: row.hostPublic ? row.hostUsername : null,
      };
    },

    /**
     * What the sitemap lists: upcoming public events (`inSitemap`) and the public pages of their hosts, each with a
     * lastmod; for a signed-in viewer, never across a block (a crawler is nobody in particular).
     */
    async sitemapCounts(now: Date, viewerId: number | null) {
      const listed = inSitemap(now, viewerId);
      const [eventCount] = await db.select({ n: count() }).from(events).where(listed);
      const [hostCount] = await db
        .select({ n: sql<number>`count(distinct ${users.id})`.mapWith(Number) })
        .from(users)
        .innerJoin(events, eq(events.hostId, users.id))
        .where(and(listed, publicHostFor(viewerId)));
      return { events: eventCount?.n ?? 0, hosts: hostCount?.n ?? 0 };
    },

    async sitemapHosts(now: Date, viewerId: number | null, offset: number, limit: number) {
      return db
        .select({ username: users.username, lastmod: max(eventLastmod).mapWith((v) => new Date(v)) })
        .from(users)
        .innerJoin(events, eq(events.hostId, users.id))
        .where(and(inSitemap(now, viewerId), publicHostFor(viewerId)))
        .groupBy(users.id)
        .orderBy(asc(users.id))
        .offset(offset)
        .limit(limit);
    },

    async sitemapEvents(now: Date, viewerId: number | null, offset: number, limit: number) {
      return db
        .select({ id: events.id, lastmod: eventLastmod.mapWith((v) => new Date(v)) })
        .from(events)
        .where(inSitemap(now, viewerId))
        .orderBy(asc(events.id))
        .offset(offset)
        .limit(limit);
    },
  };
}
export type PublicPagesRepository = ReturnType<typeof publicPagesRepository>;
