import { EVENT_PAGE_TEXTS } from "@contract/event-page-texts";
import type { Event } from "@contract/events";
import { eventCoordinates, mapsLink, mapsSearchLink, PLACE_TEXTS } from "@contract/places-texts";
import { ExternalLinkIcon, MapPinIcon } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useTexts } from "@/lib/i18n";
import { native } from "@/lib/native";

/** The device never changes under a page. */
const noChange = () => () => undefined;

/**
 * The event page's place: its display name, and "Open in Maps" (the phone's maps app, or
 * OpenStreetMap in a desktop browser) when it has coordinates; without them "Not on the map" under a
 * typed place and "Location not set" when there is nothing (which also keeps it out of radius feeds). A place typed by hand and pinned only to its town's
 * centre says so ("Around San Francisco"), and its link searches the typed address instead of the
 * pin. Coordinates themselves are never shown.
 */
export function EventPlace({
  event,
}: {
  event: Pick<Event, "location" | "latitude" | "longitude"> & { placeArea?: string | null };
}) {
  const t = useTexts(PLACE_TEXTS);
  const page = useTexts(EVENT_PAGE_TEXTS);
  const coordinates = eventCoordinates(event);
  const area = coordinates ? (event.placeArea ?? null) : null;
  const typed = event.location.trim();
  const name = typed || (area ? t("around", { area }) : coordinates ? page("pinnedLocation") : t("locationNotSet"));
  // Drawn on the server as a browser's link (no device known there), then the device's own maps app.
  const platform = useSyncExternalStore(noChange, native.mapsPlatform, () => "web" as const);
  const href = !coordinates
    ? null
    : area && typed
      ? mapsSearchLink(typed, coordinates, platform)
      : mapsLink({ ...coordinates, label: typed }, platform);
  return (
    <div className="flex items-start gap-2" data-testid="event-place">
      <MapPinIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid min-w-0 gap-0.5">
        <span className="wrap-anywhere" dir={typed ? "auto" : undefined}>
          {name}
        </span>
        {area && typed && (
          <span className="text-xs" data-testid="place-approximate">
            {t("around", { area })}
          </span>
        )}
        {href ? (
          <a
            href={href}
            target={platform === "web" ? "_blank" : undefined}
            rel="noreferrer"
            className="inline-flex w-fit items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            {t("openInMaps")}
            <ExternalLinkIcon className="size-3.5" aria-hidden />
          </a>
        ) : (
          typed && <span className="text-xs">{t("notOnMap")}</span>
        )}
      </div>
    </div>
  );
}
