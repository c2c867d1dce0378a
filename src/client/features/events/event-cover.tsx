import { CATEGORIES, matchesCategory } from "@contract/discover-categories";
import type { Event } from "@contract/events";
import creative from "@/assets/covers/creative.svg?no-inline";
import fitness from "@/assets/covers/fitness.svg?no-inline";
import food from "@/assets/covers/food.svg?no-inline";
import gaming from "@/assets/covers/gaming.svg?no-inline";
import music from "@/assets/covers/music.svg?no-inline";
import networking from "@/assets/covers/networking.svg?no-inline";
import outdoor from "@/assets/covers/outdoor.svg?no-inline";
import social from "@/assets/covers/social.svg?no-inline";
import { cn } from "@/lib/utils";
import { UploadedImage } from "@/ui/uploaded-image";

/** Bundled illustrations (files, never inlined in the bundle), one per kind of event. */
const COVER_ILLUSTRATIONS = { fitness, food, music, outdoor, creative, gaming, networking, social } as const;
export type CoverKind = keyof typeof COVER_ILLUSTRATIONS;

/**
 * The illustration an event shows until its host picks a cover: its first matching category (the Discover
 * chips' rules), else by type.
 */
export function coverKindOf(event: Pick<Event, "type" | "title" | "tags">): CoverKind {
  if (event.type === "networking") return "networking";
  for (const c of CATEGORIES) {
    if (c.id in COVER_ILLUSTRATIONS && matchesCategory(event, c.id)) return c.id as CoverKind;
  }
  return "social";
}

/**
 * An event's cover: the uploaded photo in its srcset, or the category illustration. Decorative (alt ""): the
 * title says what it is. `priority` for the cover a screen opens on (Discover's top card): it is the largest
 * thing painted, so it is fetched at once and first rather than lazily after layout.
 */
export function EventCover({
  event,
  sizes = "(max-width: 448px) 100vw, 448px",
  className,
  priority = false,
}: {
  event: Pick<Event, "type" | "title" | "tags" | "imageUrl">;
  sizes?: string;
  className?: string;
  priority?: boolean;
}) {
  if (event.imageUrl) {
    return (
      <UploadedImage
        src={event.imageUrl}
        sizes={sizes}
        className={cn("size-full object-cover", className)}
        draggable={false}
        data-testid="event-cover-photo"
        {...(priority ? { loading: "eager", fetchPriority: "high" } : {})}
      />
    );
  }
  const kind = coverKindOf(event);
  return (
    <img
      src={COVER_ILLUSTRATIONS[kind]}
      alt=""
      className={cn("size-full object-cover", className)}
      draggable={false}
      data-testid="event-cover-illustration"
      data-kind={kind}
    />
  );
}
