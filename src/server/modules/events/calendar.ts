import { TZDate } from "@date-fns/tz";
import ical, { ICalEventStatus } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { TIME_SLOTS } from "../../../contract/time-slots";
import type { EventRow } from "./repository";

/** How long an exported event lasts: the spec gives events a start only. */
const DURATION_MS = 2 * 60 * 60 * 1000;

/**
 * The VTIMEZONE block a calendar needs to read times written in a zone (RFC 5545 §3.6.5), from a
 * maintained copy of the tz database; null for a zone it does not know (the time is then in UTC).
 */
export function vtimezone(zone: string): string | null {
  const [block] = tzlib_get_ical_block(zone);
  return block?.startsWith("BEGIN:VTIMEZONE") ? block : null;
}

/**
 * An event as an .ics file (RFC 5545), its start written in the event's own zone (DTSTART;TZID=…)
 * with that zone's VTIMEZONE, so a calendar shows the place's wall-clock time and converts it for the
 * reader. `origin` is PUBLIC_ORIGIN (or the dev listening address); without one the file has no URL
 * field rather than one built from a request's Host.
 */
export function calendarFile(event: EventRow, origin: string | null): { ics: string; filename: string } {
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
    ...(origin ? { url: new URL(`/events/${event.id}`, origin).href } : {}),
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

/** The stored zone when this runtime knows it, else UTC (a zone dropped from the runtime's data must not fail). */
function knownTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}

const SLOT_START = new Map<string, number>(TIME_SLOTS.map((slot) => [slot.id, slot.startHour]));

/**
 * Published free slots as instants: slot s of local day d is [d s.startHour:00, d s.startHour+3:00) in the
 * user's zone (an event "fits" when its local day and three-hour block are published, spec 01 §4).
 */
export function freeRanges(free: Array<{ date: string; timeslots: unknown }>, zone: string): Array<[Date, Date]> {
  const timeZone = knownTimeZone(zone);
  const ranges: Array<[Date, Date]> = [];
  for (const day of free) {
    const [y, m, d] = day.date.split("-").map(Number);
    for (const slot of Array.isArray(day.timeslots) ? day.timeslots : []) {
      const hour = SLOT_START.get(String(slot));
      if (hour === undefined || !y || !m || !d) continue;
      const start = new TZDate(y, m - 1, d, hour, 0, 0, 0, timeZone);
      const end = new TZDate(y, m - 1, d, hour + 3, 0, 0, 0, timeZone);
      ranges.push([new Date(start.getTime()), new Date(end.getTime())]);
    }
  }
  return ranges;
}

/**
 * Where "When I'm free" looks, in the user's zone: the rest of today, this weekend (Saturday and Sunday; the
 * rest of it when it has begun) or the next seven days.
 */
export function freeWindow(kind: "today" | "weekend" | "week", zone: string, now: Date): [Date, Date] {
  const timeZone = knownTimeZone(zone);
  const local = new TZDate(now.getTime(), timeZone);
  const midnight = (daysAhead: number) =>
    new Date(
      new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + daysAhead, 0, 0, 0, 0, timeZone).getTime(),
    );
  if (kind === "today") return [now, midnight(1)];
  if (kind === "week") return [now, new Date(now.getTime() + 7 * 86_400_000)];
  const weekday = local.getDay();
  // Saturday is 6, Sunday 0: on either, the weekend is under way and ends at Monday's midnight.
  if (weekday === 6) return [now, midnight(2)];
  if (weekday === 0) return [now, midnight(1)];
  return [midnight(6 - weekday), midnight(8 - weekday)];
}

/** The parts of the published free ranges inside a window. */
export function clipRanges(ranges: Array<[Date, Date]>, [from, to]: [Date, Date]): Array<[Date, Date]> {
  return ranges
    .map(([a, b]): [Date, Date] => [
      new Date(Math.max(a.getTime(), from.getTime())),
      new Date(Math.min(b.getTime(), to.getTime())),
    ])
    .filter(([a, b]) => a < b);
}
