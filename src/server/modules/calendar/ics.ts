import { TZDate } from "@date-fns/tz";
import ical, { ICalEventStatus } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { FeedEvent } from "./repository";

/** How long an exported event lasts: an event has a start only. */
const DURATION_MS = 2 * 60 * 60 * 1000;

/**
 * The VTIMEZONE block a calendar needs to read times written in a zone (RFC 5545), from a
 * maintained copy of the tz database; null for a zone it does not know (the time is then in UTC).
 */
export function vtimezone(zone: string): string | null {
  const [block] = tzlib_get_ical_block(zone);
  return block?.startsWith("BEGIN:VTIMEZONE") ? block : null;
}

/**
 * An event as an .ics file (RFC 5545), its start written in the event's own zone (DTSTART;TZID=…)
 * with that zone's VTIMEZONE, so a calendar shows the place's wall-clock time and converts it for the
 * reader. `origin` is PUBLIC_ORIGIN (or the demo's listening address), never a request's Host.
 */
export function calendarFile(event: Omit<FeedEvent, "sequence">, origin: string): { ics: string; filename: string } {
  const zone = vtimezone(event.timezone) ? event.timezone : null;
  // Only the event names its zone: a calendar-wide zone would also write DTSTAMP as a local time, which
  // RFC 5545 wants in UTC. The library reads a zone's wall clock from TZDate (a plain Date gives the server's).
  const calendar = ical({ prodId: { company: "Link", product: "Link" } });
  const at = (ms: number) => (zone ? new TZDate(ms, zone) : new Date(ms));
  calendar.createEvent({
    id: `event-${event.id}@link`,
    start: at(event.date.getTime()),
    end: at(event.date.getTime() + DURATION_MS),
    ...(zone ? { timezone: zone } : {}),
    summary: event.title,
    description: event.description,
    ...(event.location || (event.lat != null && event.lng != null)
      ? {
          location: {
            title: event.location || "Pinned location",
            ...(event.lat != null && event.lng != null ? { geo: { lat: event.lat, lon: event.lng } } : {}),
          },
        }
      : {}),
    url: new URL(`/events/${event.id}`, origin).href,
    status: event.canceledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  const ics = calendar.toString();
  const block = zone && vtimezone(zone);
  // The zone's definition goes before the event that names it.
  return {
    ics: block ? ics.replace("BEGIN:VEVENT", `${block}\r\nBEGIN:VEVENT`) : ics,
    filename: `event-${event.id}.ics`,
  };
}
