import { readdir } from "node:fs/promises";
import path from "node:path";
import { COVER_KINDS, type CoverKind, coverKindOf, type EventPreview } from "#contract/event-sharing";
import type { InviteView } from "#contract/groups";
import { PRODUCT_NAME } from "#contract/product";

/** What a link card says: the page's title, a line about it, and a picture. */
export interface LinkCard {
  title: string;
  description: string;
  /** Absolute when the origin is known, else null (a card without a picture rather than a broken one). */
  image: string | null;
  url: string | null;
}

/** What a card reads from the events and invites modules: the same public views their own pages use. */
export interface LinkPreviewSources {
  eventPreview(eventId: number, viewerId: number | null): Promise<EventPreview>;
  inviteView(code: string): Promise<InviteView>;
}

/** Characters of a card's description: what chat apps show before cutting it themselves. */
const CARD_DESCRIPTION_MAX = 200;

function clip(text: string, max: number) {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/** "Sat, Nov 28, 8:00 PM PST": the event's time in its own zone, as every screen shows it. */
function whenAt(date: string, zone: string) {
  try {
    return new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    })
      .format(new Date(date))
      .replace(/ at /, ", ");
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

  async function eventCard(eventId: number, viewerId: number | null): Promise<LinkCard | null> {
    const event = await sources.eventPreview(eventId, viewerId).catch(() => null);
    if (!event) return null;
    const when = whenAt(event.date, event.timezone);
    const where = event.location.trim();
    const line = [when, where].filter(Boolean).join(" · ");
    const picture = event.imageUrl ?? (await illustrationFiles()).get(coverKindOf(event));
    return {
      title: event.canceled ? `Canceled: ${event.title}` : event.title,
      description: clip([line, event.description].filter(Boolean).join(" — "), CARD_DESCRIPTION_MAX),
      image: absolute(picture),
      url: absolute(`/events/${event.id}`),
    };
  }

  async function inviteCard(code: string): Promise<LinkCard | null> {
    const invite = await sources.inviteView(code).catch(() => null);
    if (!invite) return null;
    const members = `${invite.group.memberCount} member${invite.group.memberCount === 1 ? "" : "s"}`;
    return {
      title: `Join ${invite.group.name} on ${PRODUCT_NAME}`,
      description: clip([members, invite.group.description].filter(Boolean).join(" · "), CARD_DESCRIPTION_MAX),
      image: absolute(invite.group.imageUrl ?? (await illustrationFiles()).get("social")),
      url: absolute(`/invite/${encodeURIComponent(code)}`),
    };
  }

  return { eventCard, inviteCard };
}
export type LinkPreviewService = ReturnType<typeof linkPreviewService>;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Text as an HTML attribute value or element content: what a person wrote never becomes markup. */
function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** The card's meta tags, and its title in place of the shell's, inside the shell's head. */
export function withCard(shell: string, card: LinkCard): string {
  const meta = (attr: "property" | "name", key: string, value: string | null) =>
    value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}" />` : "";
  const tags = [
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", PRODUCT_NAME),
    meta("property", "og:title", card.title),
    meta("property", "og:description", card.description),
    meta("property", "og:image", card.image),
    meta("property", "og:url", card.url),
    meta("name", "twitter:card", card.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", card.title),
    meta("name", "twitter:description", card.description),
    meta("name", "twitter:image", card.image),
  ]
    .filter(Boolean)
    .join("\n    ");
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(card.title)} · ${PRODUCT_NAME}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => meta("name", "description", card.description))
    .replace("</head>", () => `    ${tags}\n  </head>`);
}
