import { CALENDAR_TEXTS } from "#contract/calendar";
import { EMBED_EVENTS_MAX, HOST_TEXTS, HOST_UPCOMING_MAX, type HostEvent, type HostPage } from "#contract/hosts";
import type { Language } from "#contract/i18n/languages";
import { messageKey } from "#contract/i18n/texts";
import { HttpError } from "#server/http/http-error";
import { serverText } from "#server/i18n";
import { calendarFile } from "../calendar";
import type { PublicEventRow, PublicPagesRepository } from "./repository";
import { robotsTxt, sitemapXml } from "./sitemap";

/** The events a host's page lists in its first paint, before the app has loaded: the soonest few. */
const HOST_CARD_EVENTS = 5;

function toHostEvent(row: PublicEventRow): HostEvent {
  return {
    id: row.id,
    title: row.title,
    date: row.date.toISOString(),
    timezone: row.timezone,
    location: row.location,
    placeArea: row.placeArea,
    imageUrl: row.imageUrl,
    type: row.type,
    tags: row.tags,
    goingCount: row.goingCount,
    canceled: row.canceledAt != null,
  };
}

/**
 * What Link shows to people who are not inside it: a host's public page, its calendar and embed, the
 * structured data of a public event's page, the sitemap and robots.txt. Every read goes through the
 * repository's public rules, built on the visibility owner's (blocks with the host and co-hosts).
 */
export function publicPagesService({
  repo,
  isFollowing,
  now = () => new Date(),
  sitemapPageSize,
}: {
  repo: PublicPagesRepository;
  isFollowing: (viewerId: number, userId: number) => Promise<boolean>;
  now?: () => Date;
  /** URLs per sitemap file (SITEMAP_URLS_MAX unless a test asks for fewer). */
  sitemapPageSize?: number;
}) {
  /** A host whose page anyone may see; across a block, for either side, as if there were none. */
  const visibleHost = repo.hostByUsername;
  async function requireHost(username: string, viewerId: number | null) {
    const host = await visibleHost(username, viewerId);
    if (!host) throw new HttpError(404, messageKey(HOST_TEXTS, "notFound"));
    return host;
  }

  async function upcoming(hostId: number, viewerId: number | null, limit: number) {
    return (await repo.upcomingEvents(hostId, viewerId, now(), HOST_UPCOMING_MAX))
      .filter((e) => e.canceledAt == null)
      .slice(0, limit)
      .map(toHostEvent);
  }

  return {
    /** A public event as `viewerId` may see it (never across a block with its hosts), or undefined. */
    visibleEvent: repo.publicEvent,

    async hostPage(username: string, viewerId: number | null): Promise<HostPage> {
      const host = await requireHost(username, viewerId);
      const [followers, following, pastEvents, events] = await Promise.all([
        repo.followerCount(host.id),
        viewerId != null && viewerId !== host.id ? isFollowing(viewerId, host.id) : false,
        repo.pastEventCount(host.id, viewerId, now()),
        upcoming(host.id, viewerId, HOST_UPCOMING_MAX),
      ]);
      return { ...host, followers, following, pastEvents, events };
    },

    /** The host's upcoming public events as iCalendar: a canceled one stays, as CANCELLED, so calendars drop it. */
    async hostCalendar(username: string, viewerId: number | null, origin: string | null, language: Language = "en") {
      const host = await requireHost(username, viewerId);
      const events = await repo.upcomingEvents(host.id, viewerId, now(), HOST_UPCOMING_MAX);
      const name = serverText(language, CALENDAR_TEXTS, "hostFeed", { name: host.fullName });
      return calendarFile(events, { origin, name, language });
    },

    /** What the embed lists: the host and their next few events; undefined where the page would be a 404. */
    async embed(username: string, viewerId: number | null) {
      const host = await visibleHost(username, viewerId);
      if (!host) return undefined;
      return { host, events: await upcoming(host.id, viewerId, EMBED_EVENTS_MAX) };
    },

    /** The link card's facts for /u/{username}; undefined where the page would be a 404. */
    async hostCard(username: string, viewerId: number | null) {
      const host = await visibleHost(username, viewerId);
      if (!host) return undefined;
      const [followers, events] = await Promise.all([
        repo.followerCount(host.id),
        upcoming(host.id, viewerId, HOST_UPCOMING_MAX),
      ]);
      return { host, followers, upcoming: events.length, next: events.slice(0, HOST_CARD_EVENTS) };
    },

    /** /sitemap.xml (page 1 or the index) and its further pages; undefined for a page past the end. */
    async sitemap(origin: string, page: number | undefined, viewerId: number | null = null) {
      return sitemapXml({ repo, origin, viewerId, page, now: now(), pageSize: sitemapPageSize });
    },

    robots: robotsTxt,
  };
}
