import { readdir } from "node:fs/promises";
import path from "node:path";
import { LINK_CARD_TEXTS, LINK_IMAGE_HEIGHT, LINK_IMAGE_WIDTH } from "#contract/api-texts";
import { COVER_KINDS, type CoverKind, coverKindOf, type EventPreview } from "#contract/event-sharing";
import type { InviteView } from "#contract/groups";
import { HOSTING_SERIES_TEXTS, recurrenceKey } from "#contract/hosting-texts";
import { HOST_TEXTS, hostPaths } from "#contract/hosts";
import type { Language } from "#contract/i18n/languages";
import { PRODUCT_NAME } from "#contract/product";
import { zoneAbbreviation } from "#contract/zone-names";
import { serverText, timeLanguage } from "#server/i18n";
import { linkImagePath, linkImages } from "./card-image";
import { eventStructuredData, jsonLdScript } from "./event-structured-data";

/** What a link card says: the page's title, a line about it, and a picture. */
export interface LinkCard {
  title: string;
  description: string;
  /** A 1200 x 630 JPEG (card-image.ts), absolute when the origin is known, else null (no picture rather than a broken one). */
  image: string | null;
  /** What the picture shows, for those who cannot see it. */
  imageAlt: string;
  url: string | null;
  /** schema.org JSON-LD for search engines (a public event's page only). */
  structuredData?: Record<string, unknown>;
  /** What the page itself says before the app has loaded: a heading and its lines (an event's time and place). */
  page?: {
    heading: string;
    lines: string[];
    /** Links to other pages under their heading: a series' other dates ("More dates"), a host's next events. */
    linkList?: { heading: string; links: Array<{ text: string; url: string }> };
  };
}

/** What a card reads from the events, invites and public pages modules: the same views their own pages use. */
export interface LinkPreviewSources {
  eventPreview(eventId: number, viewerId: number | null): Promise<EventPreview>;
  /** Undefined unless the event is public to this viewer; else its last move and its host's public page. */
  publicEvent(
    eventId: number,
    viewerId: number | null,
  ): Promise<{ previousDate: Date | null; hostPage: string | null } | undefined>;
  hostCard(
    username: string,
    viewerId: number | null,
  ): Promise<
    | {
        host: { fullName: string; username: string; profileImage: string | null; bio: string };
        followers: number;
        upcoming: number;
        /** The soonest few of those upcoming events, for the page's first paint. */
        next: Array<{ id: number; title: string; date: string; timezone: string }>;
      }
    | undefined
  >;
  inviteView(code: string): Promise<InviteView>;
  /** An uploaded photo's stored bytes (its largest size), or null. */
  uploadBytes(id: string): Promise<Buffer | null>;
}

/** Characters of a card's description: what chat apps show before cutting it themselves. */
const CARD_DESCRIPTION_MAX = 200;

function clip(text: string, max: number) {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/** "Sat, Nov 28, 8:00 PM PST": the event's time in its own zone, named as every screen names it. */
export function eventTimeText(date: string, zone: string, language: Language = "en") {
  try {
    const at = new Date(date);
    const time = new Intl.DateTimeFormat(timeLanguage(language).locale, {
      timeZone: zone,
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
    })
      .format(at)
      .replace(/ at /, ", ");
    return `${time} ${zoneAbbreviation(at, zone)}`;
  } catch {
    return "";
  }
}

/** "Every Thursday", "Monthly on the 3rd": a series' repeat read in the event's own zone, in `language`. */
function seriesText(event: Pick<EventPreview, "date" | "timezone" | "recurrence">, language: Language) {
  if (!event.recurrence) return "";
  try {
    const at = new Date(event.date);
    const inZone = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(timeLanguage(language).locale, { ...options, timeZone: event.timezone }).format(at);
    const day = Number(new Intl.DateTimeFormat("en-US", { day: "numeric", timeZone: event.timezone }).format(at));
    return serverText(language, HOSTING_SERIES_TEXTS, recurrenceKey(event.recurrence), {
      weekday: inZone({ weekday: "long" }),
      day,
    });
  } catch {
    return "";
  }
}

/**
 * Open Graph and Twitter card tags for the app's shareable pages (an event's link, a group invite),
 * so a link pasted into a chat app unfurls. `origin` is PUBLIC_ORIGIN (or the demo's listening address); the
 * illustrations are the built client's hashed files, found once.
 */
export function linkPreviewService({
  sources,
  origin,
  clientDist,
}: {
  sources: LinkPreviewSources;
  origin: string;
  clientDist: string;
}) {
  let illustrations: Promise<Map<CoverKind, string>> | null = null;
  /** The built file of each cover illustration ("assets/social-3hX9a.svg"): Vite names them by content. */
  function illustrationFiles() {
    illustrations ??= readdir(path.join(clientDist, "assets"))
      .catch(() => [] as string[])
      .then((files) => {
        const found = new Map<CoverKind, string>();
        for (const kind of COVER_KINDS) {
          const file = files.find((f) => f.startsWith(`${kind}-`) && f.endsWith(".svg"));
          if (file) found.set(kind, `/assets/${file}`);
        }
        return found;
      });
    return illustrations;
  }
  const absolute = (p: string | null | undefined) => (p ? new URL(p, origin).href : null);
  const images = linkImages({
    uploadBytes: sources.uploadBytes,
    illustrationFile: async (kind) => {
      const file = (await illustrationFiles()).get(kind);
      return file && path.join(clientDist, file);
    },
  });
  /** The card's raster picture: the uploaded photo, else the illustration of `kind` when the build has it. */
  async function cardImage(photo: string | null | undefined, kind: CoverKind) {
    if (!photo && !(await illustrationFiles()).has(kind)) return null;
    return absolute(linkImagePath(photo, kind));
  }
  const alt = (language: Language, name: string) => serverText(language, LINK_CARD_TEXTS, "picture", { name });

  /** A public event's card and structured data; nothing at all for an event that is not public to this viewer. */
  async function eventCard(
    eventId: number,
    viewerId: number | null,
    language: Language = "en",
  ): Promise<LinkCard | null> {
    const [event, facts] = await Promise.all([
      sources.eventPreview(eventId, viewerId).catch(() => null),
      sources.publicEvent(eventId, viewerId),
    ]);
    if (!event || !facts) return null;
    const when = eventTimeText(event.date, event.timezone, language);
    const where = event.location.trim();
    const line = [when, where].filter(Boolean).join(" · ");
    const image = await cardImage(event.imageUrl, coverKindOf(event));
    const url = absolute(`/events/${event.id}`);
    const title = event.canceled
      ? serverText(language, LINK_CARD_TEXTS, "canceled", { title: event.title })
      : event.title;
    return {
      title,
      description: clip([line, event.description].filter(Boolean).join(" — "), CARD_DESCRIPTION_MAX),
      image,
      imageAlt: alt(language, event.title),
      url,
      page: {
        heading: title,
        lines: [when, seriesText(event, language), where].filter(Boolean),
        linkList: event.moreDates.length
          ? {
              heading: serverText(language, HOSTING_SERIES_TEXTS, "moreDates"),
              links: event.moreDates.map((d) => ({
                text: eventTimeText(d.date, event.timezone, language),
                url: `/events/${d.id}`,
              })),
            }
          : undefined,
      },
      structuredData: eventStructuredData({
        event,
        previousDate: facts.previousDate,
        pageUrl: url,
        image,
        organizerUrl: facts.hostPage ? absolute(hostPaths(facts.hostPage).page) : null,
      }),
    };
  }

  async function hostCard(
    username: string,
    viewerId: number | null,
    language: Language = "en",
  ): Promise<LinkCard | null> {
    const found = await sources.hostCard(username, viewerId);
    if (!found) return null;
    const { host, followers, upcoming, next } = found;
    const counts = serverText(language, HOST_TEXTS, "cardDescription", { upcoming, followers });
    return {
      title: host.fullName,
      description: clip([counts, host.bio].filter(Boolean).join(" — "), CARD_DESCRIPTION_MAX),
      image: await cardImage(host.profileImage, "social"),
      imageAlt: alt(language, host.fullName),
      url: absolute(hostPaths(host.username).page),
      page: {
        heading: host.fullName,
        lines: [counts],
        linkList: next.length
          ? {
              heading: serverText(language, HOST_TEXTS, "upcoming"),
              links: next.map((e) => ({
                text: `${eventTimeText(e.date, e.timezone, language)} · ${e.title}`,
                url: `/events/${e.id}`,
              })),
            }
          : undefined,
      },
    };
  }

  async function inviteCard(code: string, language: Language = "en"): Promise<LinkCard | null> {
    const invite = await sources.inviteView(code).catch(() => null);
    if (!invite) return null;
    const members = serverText(language, LINK_CARD_TEXTS, "members", { count: invite.group.memberCount });
    return {
      title: serverText(language, LINK_CARD_TEXTS, "join", { group: invite.group.name, product: PRODUCT_NAME }),
      description: clip([members, invite.group.description].filter(Boolean).join(" · "), CARD_DESCRIPTION_MAX),
      image: await cardImage(invite.group.imageUrl, "social"),
      imageAlt: alt(language, invite.group.name),
      url: absolute(`/invite/${encodeURIComponent(code)}`),
    };
  }

  return {
    eventCard,
    hostCard,
    inviteCard,
    /** The JPEG behind a card's og:image (`key` as LINK_IMAGE_KEY reads it), or null. */
    picture: images.picture,
    isPictureKept: images.isKept,
  };
}
export type LinkPreviewService = ReturnType<typeof linkPreviewService>;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Text as an HTML attribute value or element content: what a person wrote never becomes markup. */
function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** A series' other dates or a host's next events as the first paint lists them: a named list of links. */
function linkListHtml({ heading, links }: { heading: string; links: Array<{ text: string; url: string }> }) {
  const items = links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a></li>`).join("");
  return `<nav aria-label="${escapeHtml(heading)}"><h2>${escapeHtml(heading)}</h2><ul>${items}</ul></nav>`;
}

/**
 * The card's meta tags, and its title in place of the shell's, inside the shell's head; the card's
 * page text in the shell's frame, which the app replaces when it starts.
 */
export function withCard(shell: string, card: LinkCard): string {
  const meta = (attr: "property" | "name", key: string, value: string | null) =>
    value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}" />` : "";
  const tags = [
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", PRODUCT_NAME),
    meta("property", "og:title", card.title),
    meta("property", "og:description", card.description),
    meta("property", "og:image", card.image),
    ...(card.image
      ? [
          meta("property", "og:image:type", "image/jpeg"),
          meta("property", "og:image:width", String(LINK_IMAGE_WIDTH)),
          meta("property", "og:image:height", String(LINK_IMAGE_HEIGHT)),
          meta("property", "og:image:alt", card.imageAlt),
        ]
      : []),
    meta("property", "og:url", card.url),
    meta("name", "twitter:card", card.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", card.title),
    meta("name", "twitter:description", card.description),
    meta("name", "twitter:image", card.image),
    card.image ? meta("name", "twitter:image:alt", card.imageAlt) : "",
  ]
    .filter(Boolean)
    .join("\n    ");
  const frame = card.page
    ? [
        `<h1 dir="auto">${escapeHtml(card.page.heading)}</h1>`,
        ...card.page.lines.map((line) => `<p dir="auto">${escapeHtml(line)}</p>`),
        card.page.linkList ? linkListHtml(card.page.linkList) : "",
      ].join("")
    : null;
  return shell
    .replace(/<!--app-shell-content-->[\s\S]*<!--\/app-shell-content-->/, (content) => frame ?? content)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(card.title)} · ${PRODUCT_NAME}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => meta("name", "description", card.description))
    .replace("</head>", () => {
      const data = card.structuredData ? `\n    ${jsonLdScript(card.structuredData)}` : "";
      return `    ${tags}${data}\n  </head>`;
    });
}
