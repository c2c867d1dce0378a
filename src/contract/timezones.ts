import { z } from "zod";
import { DEFAULT_TIMEZONE } from "./limits";
import { TIME_SLOTS } from "./time-slots";

/** The ten common timezone options Settings lists first, as IANA ids (the usual id of the zone each label names). */
export const TIMEZONE_OPTIONS = [
  { id: "America/New_York", label: "Eastern Time (ET)" },
  { id: "America/Chicago", label: "Central Time (CT)" },
  { id: "America/Denver", label: "Mountain Time (MT)" },
  { id: "America/Los_Angeles", label: "Pacific Time (PT)" },
  { id: "America/Anchorage", label: "Alaska Time" },
  { id: "Pacific/Honolulu", label: "Hawaii Time" },
  { id: "Europe/London", label: "Greenwich Mean Time (GMT)" },
  { id: "Europe/Paris", label: "Central European Time (CET)" },
  { id: "Asia/Tokyo", label: "Japan Standard Time (JST)" },
  { id: "Australia/Sydney", label: "Australian Eastern Time (AET)" },
] as const;

/** The longest IANA id is 32 characters ("America/Argentina/ComodRivadavia"); twice that bounds the column. */
const TIMEZONE_ID_MAX = 64;

/** Area/Location[/Sub] ids and single names such as "UTC": never an offset like "+05:00" or free text. */
const IANA_ID = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/**
 * The zone as Link stores it, or null when this runtime's time-zone database does not know it.
 * Any id the database accepts is taken, aliases too, and kept as written (only its letter case
 * follows the list Settings offers: "utc" -> "UTC"): browsers report "Asia/Kolkata" or
 * "Asia/Calcutta" depending on their version, and the one a person's browser chose must still
 * match an option of that browser's picker.
 */
export function canonicalTimeZone(id: string): string | null {
  if (id.length > TIMEZONE_ID_MAX || !IANA_ID.test(id)) return null;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: id });
  } catch {
    return null;
  }
  return listedByLowerCase().get(id.toLowerCase()) ?? id;
}

let byLowerCase: Map<string, string> | null = null;
function listedByLowerCase() {
  byLowerCase ??= new Map(allTimezoneIds().map((id) => [id.toLowerCase(), id]));
  return byLowerCase;
}

/** Any real IANA zone: an unknown one would make every time shown to that user fail to format. */
export const timezoneSchema = z
  .string()
  .trim()
  .max(TIMEZONE_ID_MAX, "Unknown time zone")
  .refine((id) => canonicalTimeZone(id) !== null, "Unknown time zone")
  .transform((id) => canonicalTimeZone(id) as string);

export const updateTimezoneBodySchema = z.object({ timezone: timezoneSchema });

/** The label of one of the ten common zones, else the id read as words ("America/Argentina/Buenos_Aires" -> "Buenos Aires, Argentina, America"). */
export function timezoneLabel(id: string): string {
  const known = TIMEZONE_OPTIONS.find((zone) => zone.id === id);
  if (known) return known.label;
  return id.split("/").reverse().join(", ").replaceAll("_", " ");
}

/**
 * Every zone Settings offers: the ten common ones first, then every other zone the
 * runtime's database lists, alphabetically, with UTC (which `supportedValuesOf` leaves out).
 */
let cachedIds: string[] | null = null;
export function allTimezoneIds(): string[] {
  if (cachedIds) return cachedIds;
  const first: string[] = TIMEZONE_OPTIONS.map((zone) => zone.id);
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const rest = [...new Set([...known, "UTC"])].filter((id) => !first.includes(id)).sort();
  cachedIds = [...first, ...rest];
  return cachedIds;
}

/**
 * The zone a new account starts in: the browser's own when it is a real zone, so its times read right
 * from the first screen, else DEFAULT_TIMEZONE.
 */
export function registrationTimezone(browserZone: string | undefined): string {
  return (browserZone && canonicalTimeZone(browserZone)) || DEFAULT_TIMEZONE;
}

/**
 * The settings page's eight read-only 3-hour slots: My Availability's slots, with a shared
 * am/pm written once ("6-9am", but "9pm-12am").
 */
export const SETTINGS_SLOTS = TIME_SLOTS.map((slot) => ({
  label: slot.label,
  range: slot.range.replace(/^(\d+)(am|pm)-(\d+)\2$/, "$1-$3$2"),
}));
