import { z } from "zod";
import { CATEGORIES, matchesCategory } from "./categories";
import { eventSchema } from "./events";

/**
 * Events people can share: an event's own address (/events/{id}) opens a public preview for anyone
 * signed out. It opens no registration: ids are sequential, so a newcomer needs an access code or an invite.
 */

/** Public previews one address may read per minute: a person opens a few links; a scraper walking ids is slowed. */
export const EVENT_PREVIEWS_PER_MINUTE = 60;
/** Characters of the description a preview and a link card carry: a card shows two lines, a preview a paragraph. */
export const PREVIEW_DESCRIPTION_MAX = 300;
/** A series' other upcoming dates a preview lists ("More dates"): the next few, as the signed-in page shows. */
export const PREVIEW_MORE_DATES_MAX = 6;

/** GET /api/events/{id}/preview: what anyone holding the link may see; never who is going. */
export const eventPreviewSchema = eventSchema
  .pick({
    id: true,
    title: true,
    description: true,
    date: true,
    timezone: true,
    location: true,
    placeArea: true,
    imageUrl: true,
    type: true,
    tags: true,
    recurrence: true,
  })
  .extend({
    /** Whether the place was picked (a pin) rather than only typed: an unpinned place reads "Around …". */
    pinned: z.boolean(),
    host: z.object({ fullName: z.string(), profileImage: z.string().nullable() }).nullable(),
    goingCount: z.number().int(),
    maxAttendees: z.number().int().nullable(),
    canceled: z.boolean(),
    /** A series' other upcoming dates, soonest first (at most PREVIEW_MORE_DATES_MAX; none for a one-off event). */
    moreDates: z.array(z.object({ id: z.number().int(), date: z.string() })),
  });
export type EventPreview = z.infer<typeof eventPreviewSchema>;

/** The bundled illustrations an event without a cover shows, one per kind of event. */
export const COVER_KINDS = [
  "fitness",
  "food",
  "music",
  "outdoor",
  "creative",
  "gaming",
  "networking",
  "social",
] as const;
export type CoverKind = (typeof COVER_KINDS)[number];

/** The illustration an event shows until its host picks a cover: its first matching category, else by type. */
export function coverKindOf(event: { type: string; title: string; tags: readonly string[] }): CoverKind {
  if (event.type === "networking") return "networking";
  for (const c of CATEGORIES) {
    if ((COVER_KINDS as readonly string[]).includes(c.id) && matchesCategory(event, c.id)) return c.id as CoverKind;
  }
  return "social";
}

export { SHARE_TEXTS } from "./event-sharing-texts";
