import type { Event } from "@contract/events";
import { eventCoordinates, mapsLink, PLACE_TEXTS } from "@contract/places";
import { ExternalLinkIcon, MapPinIcon } from "lucide-react";
import { native } from "@/lib/native";

/**
 * Issue 12.1: the event page's place: its display name, and "Open in Maps" (a geo: URI on a
 * device, OpenStreetMap in a browser) when it has coordinates; "Location not set" when it has none,
 * which also keeps it out of every radius feed.
 */
export function EventPlace({ event }: { event: Pick<Event, "location" | "latitude" | "longitude"> }) {
  const coordinates = eventCoordinates(event);
  const name = event.location || (coordinates ? "Pinned location" : PLACE_TEXTS.locationNotSet);
  return (
    <div className="flex items-start gap-2" data-testid="event-place">
      <MapPinIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid min-w-0 gap-0.5">
        <span className="wrap-anywhere" dir="auto">
          {name}
        </span>
        {coordinates ? (
          <a
            href={mapsLink({ ...coordinates, label: event.location }, native.isNative())}
            target={native.isNative() ? undefined : "_blank"}
            rel="noreferrer"
            className="inline-flex w-fit items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            {PLACE_TEXTS.openInMaps}
            <ExternalLinkIcon className="size-3.5" aria-hidden />
          </a>
        ) : (
          event.location && <span className="text-xs">{PLACE_TEXTS.locationNotSet}</span>
        )}
      </div>
    </div>
  );
}
