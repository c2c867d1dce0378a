import {
  eventTimeParts as eventTimePartsIn,
  formatEventTime as formatEventTimeIn,
  type TimeLanguage,
  usableZone,
} from "@contract/event-time";
import { zoneAbbreviation as zoneNameAt } from "@contract/zone-names";
import { currentLanguage, spokenLanguage } from "./i18n";

// The part of format-date.ts (which re-exports it) written with Intl alone: what the first screens show (the
// deck's card: an event's time, a series' weekday). A first screen imports these from here, not through
// format-date.ts: the build merges that module's chunk with date-fns's formatter (8 KB gzip), which would then
// be downloaded before the page is idle (npm test's byte budget counts it).

export type DateInput = Date | string | number;
export type Zone = string | null | undefined;

let deviceZone: string | undefined;
/** The zone this device's clock runs in (read once). */
export function deviceTimeZone(): string {
  deviceZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return deviceZone;
}

/** "PST", "EDT", "JST": the zone's short name at that moment, as the time-zone picker names it. */
export function zoneAbbreviation(date: DateInput, timezone: Zone): string {
  return zoneNameAt(new Date(date), usableZone(timezone));
}

/**
 * English keeps its date-fns patterns (the pseudo-languages read as English); Spanish and Arabic read a moment
 * the way Intl writes it in their locale, in the same zone, with the same zone name after it.
 */
export function intlLocale(): string | null {
  const { language, locale } = currentLanguage();
  return spokenLanguage(language) === "en" ? null : locale;
}

export function intlFormat(
  date: DateInput,
  timezone: Zone,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: usableZone(timezone) }).format(new Date(date));
}

/**
 * The weekday a series repeats on, read in the event's own zone ("Saturday"), and its day of the month.
 * Intl in English too: its long weekday is date-fns's "EEEE".
 */
export function seriesWeekday(date: DateInput, eventZone: Zone): { weekday: string; dayOfMonth: number } {
  const weekday = intlFormat(date, eventZone, intlLocale() ?? "en-US", { weekday: "long" });
  return { weekday, dayOfMonth: Number(intlFormat(date, eventZone, "en-US", { day: "numeric" })) };
}

/** The language the app speaks, as the contract's time rule reads it. */
function timeLanguage(): TimeLanguage {
  const { locale, catalog } = currentLanguage();
  return { locale, catalog };
}

/** An event's time in the app's language: the contract's one rule, shared with the server's notices and e-mails. */
export function eventTimeParts(date: DateInput, eventZone: Zone, viewerZone: Zone) {
  return eventTimePartsIn(date, eventZone, viewerZone, timeLanguage());
}

/** eventTimeParts on one line: "Sat, Nov 28, 2026, 8:00 PM PST · 11:00 PM your time". */
export function formatEventTime(date: DateInput, eventZone: Zone, viewerZone: Zone): string {
  return formatEventTimeIn(date, eventZone, viewerZone, timeLanguage());
}
