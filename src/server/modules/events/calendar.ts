import { createEvent } from "ics";
import { HttpError } from "../../http/http-error";
import type { EventRow } from "./repository";

/** How long an exported event lasts: the spec gives events a start only. */
const DURATION = { hours: 2 };

/**
 * An event as an .ics file (RFC 5545), in UTC so every calendar shows it at the right instant in the
 * reader's own zone. `origin` is PUBLIC_ORIGIN (or the dev listening address); without one the file has
 * no URL field rather than one built from a request's Host (issue 9.10).
 */
export function calendarFile(event: EventRow, origin: string | null): { ics: string; filename: string } {
  const { error, value } = createEvent({
    uid: `event-${event.id}@link`,
    title: event.title,
    description: event.description,
    location: event.location || undefined,
    start: event.date.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: DURATION,
    ...(origin ? { url: new URL(`/events/${event.id}`, origin).href } : {}),
    status: event.canceledAt ? "CANCELLED" : "CONFIRMED",
    ...(event.lat != null && event.lng != null ? { geo: { lat: event.lat, lon: event.lng } } : {}),
  });
  if (error || !value) throw new HttpError(400, "Could not export this event");
  return { ics: value, filename: `event-${event.id}.ics` };
}
