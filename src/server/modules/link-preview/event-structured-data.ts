import { TZDate } from "@date-fns/tz";
import { CALENDAR_EVENT_HOURS } from "#contract/calendar";
import type { EventPreview } from "#contract/event-sharing";
import { aroundText } from "#contract/places-texts";
import { eventTimeZone } from "../places";

const SCHEMA = "https://schema.org/";

/** "2030-01-17T20:00:00-08:00": an instant as the event's own wall clock with its UTC offset (ISO 8601). */
function localIso(ms: number, zone: string) {
  return new TZDate(ms, zone).toISOString().replace(/\.\d{3}(?=[+-]|Z)/, "");
}

/**
 * The event as schema.org `Event` JSON-LD, for search engines: Google's required properties (name,
 * startDate, location) and its recommended ones that Link knows. The place is what the public preview
 * already shows (the typed place and its town for an approximate pin), never the coordinates. There is
 * no `offers`: Link events have no price.
 */
export function eventStructuredData({
  event,
  previousDate,
  pageUrl,
  image,
  organizerUrl,
}: {
  event: EventPreview;
  /** The start before the latest move, or null for an event never moved. */
  previousDate: Date | null;
  pageUrl: string | null;
  image: string | null;
  /** The host's public page, or null when they keep none. */
  organizerUrl: string | null;
}): Record<string, unknown> {
  const zone = eventTimeZone(event);
  const start = Date.parse(event.date);
  const place = event.location.trim();
  const status = event.canceled
    ? "EventCancelled"
    : previousDate && previousDate.getTime() !== start
      ? "EventRescheduled"
      : "EventScheduled";
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    ...(event.description ? { description: event.description } : {}),
    startDate: localIso(start, zone),
    endDate: localIso(start + CALENDAR_EVENT_HOURS * 3_600_000, zone),
    ...(status === "EventRescheduled" && previousDate
      ? { previousStartDate: localIso(previousDate.getTime(), zone) }
      : {}),
    eventStatus: `${SCHEMA}${status}`,
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    ...(place || event.placeArea
      ? {
          location: {
            "@type": "Place",
            name: place || aroundText(event.placeArea as string),
            address: {
              "@type": "PostalAddress",
              ...(place ? { streetAddress: place } : {}),
              ...(event.placeArea ? { addressLocality: event.placeArea } : {}),
            },
          },
        }
      : {}),
    ...(image ? { image: [image] } : {}),
    ...(event.host
      ? { organizer: { "@type": "Person", name: event.host.fullName, ...(organizerUrl ? { url: organizerUrl } : {}) } }
      : {}),
    ...(pageUrl ? { url: pageUrl } : {}),
  };
}

/** JSON-LD inside a script element: a "<" in what a person wrote can never close the element. */
export function jsonLdScript(data: Record<string, unknown>): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;
}
