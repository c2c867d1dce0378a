import { DEFAULT_TIMEZONE } from "@contract/limits";
import { TZDate } from "@date-fns/tz";
import { format, isSameDay, subDays } from "date-fns";
import { enUS } from "date-fns/locale";

/**
 * The one place a moment becomes text: every time in the app is shown in the
 * profile's zone, followed by that zone's abbreviation ("9:00 AM PST") whenever the device's
 * clock would read differently, so a time is never silently in a zone the reader doesn't expect.
 */

type DateInput = Date | string | number;
type Zone = string | null | undefined;

let deviceZone: string | undefined;
/** The zone this device's clock runs in (read once: every list of times asks for it per line). */
export function deviceTimeZone(): string {
  deviceZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return deviceZone;
}

const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();
function zoneNameFormat(zone: string) {
  let f = zoneNameFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" });
    zoneNameFormats.set(zone, f);
  }
  return f;
}

function usableZone(timezone: Zone): string {
  const zone = timezone || DEFAULT_TIMEZONE;
  try {
    zoneNameFormat(zone);
    return zone;
  } catch {
    // An unknown zone id must not break a page, so the default zone stands in.
    return DEFAULT_TIMEZONE;
  }
}

function inZone(date: DateInput, timezone: Zone): TZDate {
  return new TZDate(new Date(date).getTime(), usableZone(timezone));
}

/** "PST", "EDT", "GMT+9": the zone's short name at that moment, in en-US. */
export function zoneAbbreviation(date: DateInput, timezone: Zone): string {
  const parts = zoneNameFormat(usableZone(timezone)).formatToParts(new Date(date));
  return parts.find((p) => p.type === "timeZoneName")?.value ?? "";
}

/** Minutes east of UTC of a zone at a moment. */
function offsetMinutes(date: DateInput, zone: string): number {
  return -new TZDate(new Date(date).getTime(), zone).getTimezoneOffset();
}

/** " PST" when the profile zone's clock differs from the device's at that moment, else "". */
function zoneSuffix(date: DateInput, timezone: Zone, device: string): string {
  const zone = usableZone(timezone);
  if (zone === device || offsetMinutes(date, zone) === offsetMinutes(date, usableZone(device))) return "";
  return ` ${zoneAbbreviation(date, zone)}`;
}

/** "Sat, Mar 8, 2025, 7:00 PM" in the user's timezone (plus " EST" when the device's clock differs). */
export function formatEventDateTime(date: DateInput, timezone: Zone, device = deviceTimeZone()): string {
  return (
    format(inZone(date, timezone), "EEE, MMM d, yyyy, h:mm a", { locale: enUS }) + zoneSuffix(date, timezone, device)
  );
}

/**
 * An event's time as every screen shows it: in the event's own zone with that zone's name
 * ("Sat, Nov 28, 2026, 8:00 PM PST"), and the viewer's clock beside it when it reads differently
 * ("11:00 PM your time", with the day when that differs too). The viewer's zone is their profile's,
 * never the device's: a traveller's phone must not move their plans.
 */
export function eventTimeParts(
  date: DateInput,
  eventZone: Zone,
  viewerZone: Zone,
): { at: string; yours: string | null } {
  const zone = usableZone(eventZone);
  const local = inZone(date, zone);
  const at = `${format(local, "EEE, MMM d, yyyy, h:mm a", { locale: enUS })} ${zoneAbbreviation(date, zone)}`;
  if (!viewerZone) return { at, yours: null };
  const viewer = usableZone(viewerZone);
  if (viewer === zone || offsetMinutes(date, viewer) === offsetMinutes(date, zone)) return { at, yours: null };
  const mine = inZone(date, viewer);
  const pattern = isSameDay(mine, new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), viewer))
    ? "h:mm a"
    : "EEE, MMM d, h:mm a";
  return { at, yours: `${format(mine, pattern, { locale: enUS })} your time` };
}

/** eventTimeParts on one line: "Sat, Nov 28, 2026, 8:00 PM PST · 11:00 PM your time". */
export function formatEventTime(date: DateInput, eventZone: Zone, viewerZone: Zone): string {
  const { at, yours } = eventTimeParts(date, eventZone, viewerZone);
  return yours ? `${at} · ${yours}` : at;
}

/** "7:00 PM" in the user's timezone (plus " EST" when the device's clock differs). */
export function formatTime(date: DateInput, timezone: Zone, device = deviceTimeZone()): string {
  return format(inZone(date, timezone), "h:mm a", { locale: enUS }) + zoneSuffix(date, timezone, device);
}

/** A chat line's time: "7:18 AM" today, else "Mar 8, 7:18 AM", "today" being the user's calendar day. */
export function formatMessageTime(
  date: DateInput,
  timezone: Zone,
  now: Date = new Date(),
  device = deviceTimeZone(),
): string {
  const day = inZone(date, timezone);
  const pattern = isSameDay(day, inZone(now, timezone)) ? "h:mm a" : "MMM d, h:mm a";
  return format(day, pattern, { locale: enUS }) + zoneSuffix(date, timezone, device);
}

/** "Today", "Yesterday", else "Monday, March 3, 2025": the day a moment falls on in the user's timezone. */
export function formatDayHeading(date: DateInput, timezone: Zone, now: Date = new Date()): string {
  const day = inZone(date, timezone);
  const today = inZone(now, timezone);
  if (isSameDay(day, today)) return "Today";
  if (isSameDay(day, subDays(today, 1))) return "Yesterday";
  return format(day, "EEEE, MMMM d, yyyy", { locale: enUS });
}

/** yyyy-MM-dd of the day a moment falls on in the user's timezone; a stable grouping key. */
export function dayKey(date: DateInput, timezone: Zone): string {
  return format(inZone(date, timezone), "yyyy-MM-dd");
}

/** "GMT-08:00"-style offset of a zone now, for the time-zone picker ("UTC" for zero). */
export function formatZoneOffset(timezone: string, now: Date = new Date()): string {
  const minutes = offsetMinutes(now, usableZone(timezone));
  if (minutes === 0) return "UTC";
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `UTC${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, "0")}` : ""}`;
}
