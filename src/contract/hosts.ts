import { z } from "zod";
import { eventSchema } from "./events";
import { languageSchema } from "./i18n/language-schemas";
import type { Language } from "./i18n/languages";
import { defineTexts } from "./i18n/texts";
import { USERNAME_MAX } from "./limits";

/**
 * What Link shows to the outside: a public page per host (/u/{username}), the calendar anyone can
 * follow, a list to embed on another site, and what search engines read. Only public events appear:
 * never a group's plan, a hidden event or one for a chosen audience (close friends, family, coworkers).
 */

/** A username as accounts are named (letters, digits, dots, dashes, underscores); anything else is no host. */
export const hostParamsSchema = z.object({
  username: z
    .string()
    .min(1)
    .max(USERNAME_MAX)
    .regex(/^[A-Za-z0-9_.-]+$/, "must be a username"),
});

/** The most upcoming events a host's page, calendar and embed list (soonest first). */
export const HOST_UPCOMING_MAX = 100;
/** The events an embed shows before "See all": a sidebar, not a page. */
export const EMBED_EVENTS_MAX = 10;
/** Host pages one address may read per minute (the page, its calendar or its embed): a scraper walking names is slowed. */
export const HOST_PAGES_PER_MINUTE = 60;
/** Sitemap requests one address may make per minute: each reads up to SITEMAP_URLS_MAX rows, a crawler needs a few. */
export const SITEMAPS_PER_MINUTE = 10;
/** URLs in one sitemap file (the sitemaps.org limit); past it /sitemap.xml is an index of pages. */
export const SITEMAP_URLS_MAX = 50_000;

/** An upcoming public event as a host's page lists it: enough for a card, never who is going. */
const hostEventSchema = eventSchema
  .pick({
    id: true,
    title: true,
    date: true,
    timezone: true,
    location: true,
    placeArea: true,
    imageUrl: true,
    type: true,
    tags: true,
    goingCount: true,
  })
  .extend({ canceled: z.boolean() });
export type HostEvent = z.infer<typeof hostEventSchema>;

/** GET /api/hosts/{username}: a host's public page. Never an e-mail or a position. */
export const hostPageSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  username: z.string(),
  profileImage: z.string().nullable(),
  bio: z.string(),
  followers: z.number().int(),
  /** Whether the signed-in viewer follows this host (false signed out). */
  following: z.boolean(),
  /** Public events of this host that have taken place. */
  pastEvents: z.number().int(),
  /** Upcoming public events, soonest first (at most HOST_UPCOMING_MAX), canceled ones left out. */
  events: z.array(hostEventSchema),
});
export type HostPage = z.infer<typeof hostPageSchema>;

/** A host's page, its calendar feed and its embed, from the app's origin. */
export const hostPaths = (username: string) => {
  const name = encodeURIComponent(username);
  return { page: `/u/${name}`, calendar: `/api/hosts/${name}/calendar.ics`, embed: `/embed/u/${name}` };
};

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The snippet a host pastes into their own site: the embed in an iframe that fits a sidebar or a column, in the
 * host's language (its `lang`, and `title`, HOST_TEXTS.embedFrameTitle in that language), whoever reads the site.
 */
export function embedSnippet(origin: string, username: string, language: Language, title: string): string {
  const src = new URL(hostPaths(username).embed, origin);
  src.searchParams.set("lang", language);
  return `<iframe src="${escapeAttribute(src.href)}" title="${escapeAttribute(title)}" width="100%" height="480" style="border:0;max-width:480px" loading="lazy"></iframe>`;
}

/** GET /sitemap.xml?page=N: one page of a sitemap that outgrew one file. */
export const sitemapQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).optional() });
/**
 * GET /embed/u/{username}?theme=&lang=: the embedding site may force the embed's light or dark look, and its
 * language (one Link speaks; the host's snippet names theirs), else the reader's.
 */
export const embedQuerySchema = z.object({
  theme: z.enum(["light", "dark"]).optional(),
  lang: languageSchema.optional(),
});

export const HOST_TEXTS = defineTexts("host", {
  tooMany: "Too many requests, try again in {seconds} s",
  notFound: "This page isn't available",
  notFoundDetail: "The link may be wrong, or its owner stopped sharing this page.",
  upcoming: "Upcoming events",
  noUpcoming: "No upcoming events yet",
  pastEvents: "{count, plural, one {# past event} other {# past events}}",
  followCalendar: "Follow this calendar",
  embedTitle: "Embed on your site",
  embedFrameTitle: "Upcoming events on {product}",
  embedHint: "Paste this into your website to show your upcoming events.",
  copySnippet: "Copy code",
  snippetCopied: "Embed code copied",
  shareTitle: "Your public page",
  sharePage: "Share your page",
  copyPageLink: "Copy page link",
  pageCopied: "Page link copied",
  seeAll: "All events by {name} on Link",
  canceled: "Canceled",
  upcomingBy: "Upcoming events by {name}",
  cardDescription:
    "{upcoming, plural, one {# upcoming event} other {# upcoming events}} · {followers, plural, one {# follower} other {# followers}}",
  privacyTitle: "Public page",
  privacyDetail:
    "Anyone can see your name, photo, bio and upcoming public events at your page, follow its calendar and embed it.",
  goTo: "Go to {name}",
  loadFailed: "This page could not be loaded",
  offline: "You're offline",
  tryAgain: "Try again",
  error: "Error",
  followFailed: "Could not update following",
  copyFailed: "Could not copy the code",
  privacy: "Privacy",
  saveFailed: "Could not save",
  viewPage: "View your page",
});
