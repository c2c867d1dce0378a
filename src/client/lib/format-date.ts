import { TZDate } from "@date-fns/tz";
import { DEFAULT_TIMEZONE } from "@contract/limits";
import { format, isSameDay, subDays } from "date-fns";
import { enUS } from "date-fns/locale";

type DateInput = Date | string | number;

function inZone(date: DateInput, timezone: string | null | undefined): TZDate {
  const zone = timezone || DEFAULT_TIMEZONE;
  const time = new Date(date).getTime();
  const zoned = new TZDate(time, zone);
  // An unknown zone id yields an invalid date; it must not break a page, so the default zone stands in.
  return Number.isNaN(zoned.getTime()) || Number.isNaN(zoned.getHours()) ? new TZDate(time, DEFAULT_TIMEZONE) : zoned;
}

/** "Sat, Mar 8, 2025, 7:00 PM" in the user's timezone (spec 02 §1: users pick a timezone; times follow it). */
export function formatEventDateTime(date: DateInput, timezone: string | null | undefined): string {
  return format(inZone(date, timezone), "EEE, MMM d, yyyy, h:mm a", { locale: enUS });
}

/** "7:00 PM" in the user's timezone. */
export function formatTime(date: DateInput, timezone: string | null | undefined): string {
  return format(inZone(date, timezone), "h:mm a", { locale: enUS });
}

/** "Today", "Yesterday", else "Monday, March 3, 2025": the day a moment falls on in the user's timezone. */
export function formatDayHeading(date: DateInput, timezone: string | null | undefined, now: Date = new Date()): string {
  const day = inZone(date, timezone);
  const today = inZone(now, timezone);
  if (isSameDay(day, today)) return "Today";
  if (isSameDay(day, subDays(today, 1))) return "Yesterday";
  return format(day, "EEEE, MMMM d, yyyy", { locale: enUS });
}

/** yyyy-MM-dd of the day a moment falls on in the user's timezone (spec 02 §9 date format); a stable grouping key. */
export function dayKey(date: DateInput, timezone: string | null | undefined): string {
  return format(inZone(date, timezone), "yyyy-MM-dd");
}
