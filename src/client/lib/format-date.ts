/**
 * The one place a moment becomes text, by one rule. An event's time is read in the event's own zone,
 * with that zone's name, and the viewer's clock beside it when it reads differently (eventTimeParts, from
 * the contract, so the server's reminders write it the same way);
 * a series repeats on the event's weekday (seriesWeekday). Any other moment (a host's update, a chat
 * line, a notification) is read in the viewer's profile zone, always with that zone's name, so a time
 * is never silently in a zone the reader doesn't expect. Zone names are the time-zone picker's
 * ("JST", never "GMT+9"). What is written with Intl alone is in format-event-time.ts, re-exported here.
 */
import { usableZone } from "@contract/event-time";
import { UI_TEXTS } from "@contract/shell-texts";
import { TZDate } from "@date-fns/tz";
import { format, isSameDay, subDays } from "date-fns";
import { enUS } from "date-fns/locale";
import { type DateInput, intlFormat, intlLocale, type Zone, zoneAbbreviation } from "./format-event-time";
import { text } from "./i18n";

export {
  deviceTimeZone,
  eventTimeParts,
  formatEventTime,
  seriesWeekday,
  zoneAbbreviation,
} from "./format-event-time";

function inZone(date: DateInput, timezone: Zone): TZDate {
  return new TZDate(new Date(date).getTime(), usableZone(timezone));
}

/** Minutes east of UTC of a zone at a moment. */
function offsetMinutes(date: DateInput, zone: string): number {
  return -new TZDate(new Date(date).getTime(), zone).getTimezoneOffset();
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };

/** "Sat, Mar 8, 2025, 7:00 PM EST": a moment in the viewer's zone, named. */
export function formatEventDateTime(date: DateInput, timezone: Zone): string {
  const locale = intlLocale();
  const when = locale
    ? intlFormat(date, timezone, locale, {
        weekday: "short",
        month: "short",
        day: "numeric",
        year: "numeric",
        ...CLOCK,
      })
    : format(inZone(date, timezone), "EEE, MMM d, yyyy, h:mm a", { locale: enUS });
  return `${when} ${zoneAbbreviation(date, timezone)}`;
}

/** "7:00 PM PST": a moment's clock time in the viewer's zone, named. */
export function formatTime(date: DateInput, timezone: Zone): string {
  const locale = intlLocale();
  const time = locale
    ? intlFormat(date, timezone, locale, CLOCK)
    : format(inZone(date, timezone), "h:mm a", { locale: enUS });
  return `${time} ${zoneAbbreviation(date, timezone)}`;
}

/**
 * A chat line's or a host update's time in the viewer's zone, named: "7:18 AM PST" today, else
 * "Mar 8, 7:18 AM PST", "today" being the viewer's calendar day.
 */
export function formatMessageTime(date: DateInput, timezone: Zone, now: Date = new Date()): string {
  const day = inZone(date, timezone);
  const today = isSameDay(day, inZone(now, timezone));
  const locale = intlLocale();
  const time = locale
    ? intlFormat(date, timezone, locale, today ? CLOCK : { month: "short", day: "numeric", ...CLOCK })
    : format(day, today ? "h:mm a" : "MMM d, h:mm a", { locale: enUS });
  return `${time} ${zoneAbbreviation(date, timezone)}`;
}

/** "Today", "Yesterday", else "Monday, March 3, 2025": the day a moment falls on in the user's timezone. */
export function formatDayHeading(date: DateInput, timezone: Zone, now: Date = new Date()): string {
  const day = inZone(date, timezone);
  const today = inZone(now, timezone);
  if (isSameDay(day, today)) return text(UI_TEXTS, "today");
  if (isSameDay(day, subDays(today, 1))) return text(UI_TEXTS, "yesterday");
  const locale = intlLocale();
  if (locale)
    return intlFormat(date, timezone, locale, { weekday: "long", month: "long", day: "numeric", year: "numeric" });
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
