// An event's time as every screen, notice and e-mail writes it, by one rule: the event's own wall clock with
// its zone's name ("Sat, Nov 28, 2026, 8:00 PM PST"), and the reader's clock beside it when it reads
// differently ("11:00 PM your time", with the day when that differs too). The reader's zone is their
// profile's, never a device's: a traveller's phone must not move their plans.
import { DEFAULT_TIMEZONE } from "./limits";
import { zoneAbbreviation, zoneOffsetMinutes } from "./zone-names";

type DateInput = Date | string | number;
type Zone = string | null | undefined;

const knownZones = new Map<string, boolean>();
/** The zone to read a time in: an unknown zone id must not break a page or a notice, so the default stands in. */
export function usableZone(timezone: Zone): string {
  const zone = timezone || DEFAULT_TIMEZONE;
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known ? zone : DEFAULT_TIMEZONE;
}

const clocks = new Map<string, Intl.DateTimeFormat>();
/** A moment's wall clock in a zone, piece by piece (ICU's own joining differs between versions). */
function wallClock(at: Date, zone: string) {
  let clock = clocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    });
    clocks.set(zone, clock);
  }
  const parts = clock.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    day: `${part("weekday")}, ${part("month")} ${part("day")}`,
    year: part("year"),
    time: `${part("hour")}:${part("minute")} ${part("dayPeriod").toUpperCase()}`,
  };
}

/** The event's time in its zone (`at`), and the reader's (`yours`) when their clock reads differently. */
export function eventTimeParts(
  date: DateInput,
  eventZone: Zone,
  viewerZone: Zone,
): { at: string; yours: string | null } {
  const moment = new Date(date);
  const zone = usableZone(eventZone);
  const there = wallClock(moment, zone);
  const at = `${there.day}, ${there.year}, ${there.time} ${zoneAbbreviation(moment, zone)}`;
  if (!viewerZone) return { at, yours: null };
  const viewer = usableZone(viewerZone);
  if (viewer === zone || zoneOffsetMinutes(moment, viewer) === zoneOffsetMinutes(moment, zone)) {
    return { at, yours: null };
  }
  const mine = wallClock(moment, viewer);
  const sameDay = mine.day === there.day && mine.year === there.year;
  return { at, yours: `${sameDay ? mine.time : `${mine.day}, ${mine.time}`} your time` };
}

/** eventTimeParts on one line: "Sat, Nov 28, 2026, 8:00 PM PST · 11:00 PM your time". */
export function formatEventTime(date: DateInput, eventZone: Zone, viewerZone: Zone): string {
  const { at, yours } = eventTimeParts(date, eventZone, viewerZone);
  return yours ? `${at} · ${yours}` : at;
}
