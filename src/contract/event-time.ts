// An event's time as every screen, notice and e-mail writes it, by one rule: the event's own wall clock with
// its zone's name ("Sat, Nov 28, 2026, 8:00 PM PST"), and the reader's clock beside it when it reads
// differently ("11:00 PM your time", with the day when that differs too). The reader's zone is their
// profile's, never a device's: a traveller's phone must not move their plans.
import { isLanguage, languageDirection } from "./i18n/languages";
import { defineTexts, translate } from "./i18n/texts";
import { DEFAULT_TIMEZONE } from "./limits";
import { zoneAbbreviation, zoneOffsetMinutes } from "./zone-names";

/** The reader's clock beside an event's own ("11:00 PM your time"). */
export const EVENT_TIME_TEXTS = defineTexts("eventTime", {
  yourTime: "{time} your time",
});

type DateInput = Date | string | number;
/** How a language writes a day and a clock: its Intl locale ("en-US", "es", "ar") and, for others, its catalog. */
export interface TimeLanguage {
  locale: string;
  catalog: Parameters<typeof translate>[1];
}
const ENGLISH: TimeLanguage = { locale: "en-US", catalog: null };

/**
 * A clock, a Latin zone name and the reader's clock beside it run together into one left-to-right stretch in a
 * right-to-left line ("PST · 10:00" swaps places): each part is its own isolated run there (FSI ... PDI).
 */
function isolated(text: string, locale: string): string {
  const tag = locale.split("-")[0];
  return isLanguage(tag) && languageDirection(tag) === "rtl" ? `\u2068${text}\u2069` : text;
}
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
function clockFor(locale: string, zone: string) {
  const key = `${locale} ${zone}`;
  let clock = clocks.get(key);
  if (!clock) {
    clock = new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      ...(locale === "en-US" ? { hour12: true } : {}),
    });
    clocks.set(key, clock);
  }
  return clock;
}

/**
 * A moment's wall clock in a zone, piece by piece. English is joined by hand (ICU's own joining differs between
 * versions); another language takes its own order and names from Intl ("sáb, 28 nov 2026", 24-hour clock).
 */
function wallClock(at: Date, zone: string, locale: string) {
  const parts = clockFor(locale, zone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  if (locale === "en-US") {
    return {
      day: `${part("weekday")}, ${part("month")} ${part("day")}`,
      year: part("year"),
      time: `${part("hour")}:${part("minute")} ${part("dayPeriod").toUpperCase()}`,
    };
  }
  const joined = (types: Intl.DateTimeFormatPartTypes[]) =>
    parts
      .filter(
        (p, index) =>
          types.includes(p.type) ||
          (p.type === "literal" &&
            types.includes(parts[index + 1]?.type as Intl.DateTimeFormatPartTypes) &&
            types.includes(parts[index - 1]?.type as Intl.DateTimeFormatPartTypes)),
      )
      .map((p) => p.value)
      .join("")
      .replace(/[,،]\s*$/, "")
      .trim();
  return {
    day: joined(["weekday", "day", "month"]),
    year: part("year"),
    time: joined(["hour", "minute", "dayPeriod"]),
  };
}

/** The event's time in its zone (`at`), and the reader's (`yours`) when their clock reads differently. */
export function eventTimeParts(
  date: DateInput,
  eventZone: Zone,
  viewerZone: Zone,
  language: TimeLanguage = ENGLISH,
): { at: string; yours: string | null } {
  const moment = new Date(date);
  const zone = usableZone(eventZone);
  const { locale } = language;
  const there = wallClock(moment, zone, locale);
  const zoneName = zoneAbbreviation(moment, zone);
  const at =
    locale === "en-US"
      ? `${there.day}, ${there.year}, ${there.time} ${zoneName}`
      : `${clockFor(locale, zone)
          .format(moment)
          .replace(/\u202f/g, " ")} ${zoneName}`;
  if (!viewerZone) return { at: isolated(at, locale), yours: null };
  const viewer = usableZone(viewerZone);
  if (viewer === zone || zoneOffsetMinutes(moment, viewer) === zoneOffsetMinutes(moment, zone)) {
    return { at: isolated(at, locale), yours: null };
  }
  const mine = wallClock(moment, viewer, locale);
  const sameDay = mine.day === there.day && mine.year === there.year;
  // Another day: English joins it by hand as above; other languages join day and clock by their own rules.
  const otherDay =
    locale === "en-US"
      ? `${mine.day}, ${mine.time}`
      : new Intl.DateTimeFormat(locale, {
          timeZone: viewer,
          weekday: "short",
          month: "short",
          day: "numeric",
          hour: "numeric",
          minute: "2-digit",
        })
          .format(moment)
          .replace(/\u202f/g, " ");
  const time = sameDay ? mine.time : otherDay;
  return {
    at: isolated(at, locale),
    yours: isolated(translate(locale, language.catalog, EVENT_TIME_TEXTS, "yourTime", { time }), locale),
  };
}

/** eventTimeParts on one line: "Sat, Nov 28, 2026, 8:00 PM PST · 11:00 PM your time". */
export function formatEventTime(date: DateInput, eventZone: Zone, viewerZone: Zone, language?: TimeLanguage): string {
  const { at, yours } = eventTimeParts(date, eventZone, viewerZone, language);
  return yours ? `${at} · ${yours}` : at;
}
